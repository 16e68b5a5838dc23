import Foundation
import SnapshotTesting
import Testing
@testable import Platform
@testable import Render
import ECS

@Suite("Snapshot configuration")
struct SnapshotConfigurationTests {
    @Test("the presets carry PNGine's values")
    func presets() {
        let standard = SnapshotConfiguration.default
        #expect(standard.precision == 0.985 && standard.maxPixelDifference == 5)
        #expect(standard.width == 300 && standard.height == 300 && standard.time == 0)
        #expect(SnapshotConfiguration.highPrecision.precision == 0.99)
        #expect(SnapshotConfiguration.highPrecision.maxPixelDifference == 2)
        #expect(SnapshotConfiguration.computeTolerant.precision == 0.95)
        #expect(SnapshotConfiguration.computeTolerant.maxPixelDifference == 10)
        #expect(SnapshotConfiguration.small.width == 100 && SnapshotConfiguration.small.height == 100)
        #expect(SnapshotConfiguration.large.width == 512 && SnapshotConfiguration.large.height == 512)
        #expect(SnapshotConfiguration.small.precision == 0.985)
    }

    @Test("fixtures map to their overrides and unknown ones to the default")
    func fixtureOverrides() {
        #expect(SnapshotConfiguration.forFixture("boidsCompute") == .computeTolerant)
        #expect(SnapshotConfiguration.forFixture("simpleInstanced") == .default)
        #expect(SnapshotConfiguration.forFixture("instancedBuiltins") == .default)
        #expect(SnapshotConfiguration.forFixture("somethingElse") == .default)
    }

    @Test("a configuration survives a JSON round trip")
    func codable() throws {
        let configuration = SnapshotConfiguration(precision: 0.9, maxPixelDifference: 7, width: 64, height: 32, time: 0.5)
        let data = try JSONEncoder().encode(configuration)
        #expect(try JSONDecoder().decode(SnapshotConfiguration.self, from: data) == configuration)
    }
}
