#if RemoteHost
import Host

extension HostClient {
    /// A client of the remote host of `config`, timing disposals and reconnections on `clock`.
    public convenience init(config: ClientConfig, clock: any HostClock = ContinuousHostClock()) {
        self.init(transport: RemoteHostTransport(config, clock: clock), clock: clock)
    }
}
#endif
