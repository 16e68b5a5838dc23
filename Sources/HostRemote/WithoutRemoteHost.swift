#if !RemoteHost
// Without the RemoteHost trait this module holds only these placeholders, so that code using the
// remote host fails to compile with a message naming the trait rather than "cannot find in scope".
// Enable it with `.package(url: …, from: …, traits: ["RemoteHost"])` in a dependency, or
// `--traits RemoteHost` (or `--enable-all-traits`) on the command line.

/// Unavailable: the remote host needs the package's `RemoteHost` trait.
@available(*, unavailable, message: "HostRemote needs the RemoteHost trait of ecs-bench: traits: [\"RemoteHost\"] on the package dependency, or --traits RemoteHost")
public enum RemoteHostServer {}

/// Unavailable: the remote host needs the package's `RemoteHost` trait.
@available(*, unavailable, message: "HostRemote needs the RemoteHost trait of ecs-bench: traits: [\"RemoteHost\"] on the package dependency, or --traits RemoteHost")
public enum RemoteHostTransport {}

/// Unavailable: the remote host needs the package's `RemoteHost` trait.
@available(*, unavailable, message: "HostRemote needs the RemoteHost trait of ecs-bench: traits: [\"RemoteHost\"] on the package dependency, or --traits RemoteHost")
public enum RemoteServerConfiguration {}

/// Unavailable: the remote host needs the package's `RemoteHost` trait.
@available(*, unavailable, message: "HostRemote needs the RemoteHost trait of ecs-bench: traits: [\"RemoteHost\"] on the package dependency, or --traits RemoteHost")
public enum ClientConfig {}

/// Unavailable: the remote host needs the package's `RemoteHost` trait.
@available(*, unavailable, message: "HostRemote needs the RemoteHost trait of ecs-bench: traits: [\"RemoteHost\"] on the package dependency, or --traits RemoteHost")
public enum HostEndpoint {}
#endif
