#if !RemoteHost
import Foundation

/// `ecs-host` built without the RemoteHost trait: it serves nothing, says in one line how to
/// build it with the trait, and exits 1.
@main
enum EcsHostWithoutRemoteHost {
    static func main() {
        FileHandle.standardError.write(Data("ecs-host: built without the RemoteHost trait; run it with `swift run --traits RemoteHost ecs-host`\n".utf8))
        exit(1)
    }
}
#endif
