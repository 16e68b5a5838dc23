#if RemoteHost
import Platform
import NIOCore

/// The open sockets of a ``RemoteHostServer``: admits a new one only below the total and
/// per-address limits, and closes those still in their handshake when the server stops.
final class SocketRegistry: Sendable {
    private struct Socket {
        let channel: any Channel
        let address: String
        var upgraded = false
    }

    private struct State {
        var sockets: [ObjectIdentifier: Socket] = [:]
        var perAddress: [String: Int] = [:]
    }

    private let maxTotal: Int
    private let maxPerAddress: Int
    private let state = Locked(State())

    /// A registry that admits at most `maxTotal` sockets, `maxPerAddress` of them from one
    /// address.
    init(maxTotal: Int, maxPerAddress: Int) {
        self.maxTotal = maxTotal
        self.maxPerAddress = maxPerAddress
    }

    /// Lists `channel` and returns true when both limits leave room for it (it is unlisted
    /// when it closes); false, listing nothing, otherwise.
    func admit(_ channel: any Channel) -> Bool {
        let key = ObjectIdentifier(channel)
        // The IP address without the port: one peer opening many sockets counts once per socket.
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        let admitted = state.withLock { state in
            guard state.sockets.count < maxTotal, state.perAddress[address, default: 0] < maxPerAddress else { return false }
            state.sockets[key] = Socket(channel: channel, address: address)
            state.perAddress[address, default: 0] += 1
            return true
        }
        guard admitted else { return false }
        channel.closeFuture.whenComplete { [self] _ in remove(key) }
        return true
    }

    /// Marks `channel` as upgraded: it is a WebSocket the server closes with a goodbye.
    func upgraded(_ channel: any Channel) {
        state.withLock { $0.sockets[ObjectIdentifier(channel)]?.upgraded = true }
    }

    /// Closes every socket still in its handshake.
    func closePending() {
        let pending = state.withLock { $0.sockets.values.filter { !$0.upgraded }.map(\.channel) }
        for channel in pending { channel.close(promise: nil) }
    }

    /// Unlists the socket `key`.
    private func remove(_ key: ObjectIdentifier) {
        state.withLock { state in
            guard let socket = state.sockets.removeValue(forKey: key) else { return }
            state.perAddress[socket.address, default: 1] -= 1
            if state.perAddress[socket.address] == 0 { state.perAddress[socket.address] = nil }
        }
    }
}
#endif
