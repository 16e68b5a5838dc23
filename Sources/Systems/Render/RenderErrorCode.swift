/// The stable numeric error codes of the renderer, in the PNGine `PngineError` numbering.
///
/// The raw values and ``name`` strings never change, so they can be logged, stored and
/// compared across versions. Failures of this module use:
/// - ``invalidArgument`` for bad sizes, non-finite values and pixel buffers of the wrong length;
/// - ``resourceNotFound`` when an image cannot be obtained: a missing or unreadable file, or
///   bytes that are empty, truncated or not a PNG;
/// - ``renderFailed`` when an image cannot be produced or stored: a libpng encode failure, an
///   unwritable path or any other write error;
/// - ``outOfMemory`` when a decoded image would exceed ``RenderLimits/maxPixelCount``.
public enum RenderErrorCode: Int32, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Success.
    case ok = 0
    /// The runtime was used before it was initialised.
    case notInitialized = -1
    /// The runtime was initialised twice.
    case alreadyInitialized = -2
    /// A rendering context could not be created.
    case contextFailed = -3
    /// Encoded input is not in the expected format.
    case bytecodeInvalid = -4
    /// A drawing surface could not be created.
    case surfaceFailed = -5
    /// A shader did not compile.
    case shaderCompile = -6
    /// A pipeline could not be created.
    case pipelineCreate = -7
    /// The surface texture was not available.
    case textureUnavailable = -8
    /// A resource (an image file or image data) could not be found or read.
    case resourceNotFound = -9
    /// Memory ran out, or a request exceeded a memory cap.
    case outOfMemory = -10
    /// An argument was out of range, not finite or inconsistent.
    case invalidArgument = -11
    /// Rendering or storing a rendered image failed.
    case renderFailed = -12
    /// A compute pass failed.
    case computeFailed = -13

    /// The snake-case name used by the C API, for example `invalid_argument`.
    public var name: String {
        switch self {
        case .ok: "ok"
        case .notInitialized: "not_initialized"
        case .alreadyInitialized: "already_initialized"
        case .contextFailed: "context_failed"
        case .bytecodeInvalid: "bytecode_invalid"
        case .surfaceFailed: "surface_failed"
        case .shaderCompile: "shader_compile"
        case .pipelineCreate: "pipeline_create"
        case .textureUnavailable: "texture_unavail"
        case .resourceNotFound: "resource_not_found"
        case .outOfMemory: "out_of_memory"
        case .invalidArgument: "invalid_argument"
        case .renderFailed: "render_failed"
        case .computeFailed: "compute_failed"
        }
    }

    /// The fixed human-readable message for the code, as `pngine_error_string` returns it.
    public var message: String {
        switch self {
        case .ok: "Success"
        case .notInitialized: "PNGine not initialized - call pngine_init() first"
        case .alreadyInitialized: "PNGine already initialized"
        case .contextFailed: "GPU context creation failed"
        case .bytecodeInvalid: "Invalid bytecode format"
        case .surfaceFailed: "Surface creation failed"
        case .shaderCompile: "Shader compilation failed"
        case .pipelineCreate: "Pipeline creation failed"
        case .textureUnavailable: "Surface texture unavailable"
        case .resourceNotFound: "Resource ID not found"
        case .outOfMemory: "Out of memory"
        case .invalidArgument: "Invalid argument"
        case .renderFailed: "Render pass failed"
        case .computeFailed: "Compute pass failed"
        }
    }

    /// The code's name and message, for example `invalid_argument (-11): Invalid argument`.
    public var description: String {
        "\(name) (\(rawValue)): \(message)"
    }
}
