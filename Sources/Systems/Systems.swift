@_exported import ECS
