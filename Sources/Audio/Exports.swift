// The libraries this one is built on, re-exported: its public API speaks their types.
@_exported import ECS
@_exported import Platform
