import Foundation
import Audio
import Testing

@testable import Harmonia

/// The `--print` document's shape.
struct PlaylistDocumentTests {
    @Test func everyKeyIsAlwaysThereAndUnknownDurationsAreNull() throws {
        let document = PlaylistDocument(
            tracks: [
                (Track(url: URL(fileURLWithPath: "/m/a.wav"), title: "Air", artist: "Ann", album: "One", duration: 2.5), nil),
                (Track(url: URL(fileURLWithPath: "/m/b.wav"), title: "b", duration: nil), TagBundle()),
                (Track(url: URL(fileURLWithPath: "/m/c.wav"), title: "c", duration: .nan), nil),
            ],
            unplayable: [UnplayableFile(url: URL(fileURLWithPath: "/m/d.wav"), error: .ioError("/m/d.wav cannot be opened", underlying: POSIXError(.EACCES)))])
        let json = try JSONSerialization.jsonObject(with: try document.json()) as! [String: Any]
        #expect(Set(json.keys) == ["tracks", "unplayable"])
        let tracks = json["tracks"] as! [[String: Any]]
        #expect(tracks.allSatisfy {
            Set($0.keys) == ["path", "title", "artist", "album", "duration", "albumArtist", "track", "trackTotal", "disc", "discTotal", "artwork", "replayGain", "stream"]
        })
        #expect(tracks.allSatisfy { $0["track"] is NSNull && $0["artwork"] is NSNull && $0["replayGain"] is NSNull && $0["albumArtist"] as? String == "" })
        #expect(tracks.allSatisfy { $0["stream"] is NSNull }, "no stream facts were read")
        #expect(tracks[0]["path"] as? String == "/m/a.wav" && tracks[0]["duration"] as? Double == 2.5)
        #expect(tracks[1]["duration"] is NSNull && tracks[2]["duration"] is NSNull && tracks[1]["artist"] as? String == "")
        let failures = json["unplayable"] as! [[String: Any]]
        #expect(failures.count == 1 && failures[0]["error"] as? String == "ioError" && failures[0]["message"] as? String == "/m/d.wav cannot be opened")
    }

    @Test func theTextIsStable() throws {
        let tags = TagBundle(
            albumArtist: "Various", trackNumber: 3, trackTotal: 12, discNumber: 1, discTotal: 2,
            artwork: EmbeddedArtwork(data: [1, 2, 3], mimeType: "image/png"), replayGain: ReplayGain(trackGain: -6.5, trackPeak: 0.5))
        let document = PlaylistDocument(
            tracks: [(Track(url: URL(fileURLWithPath: "/m/a b.wav"), title: "Air", duration: 1), tags)], unplayable: [],
            streams: ["/m/a b.wav": PlaylistDocument.Stream(format: "wav", sampleRate: 96_000, channels: 2, bitDepth: 24)])
        let text = String(decoding: try document.json(), as: UTF8.self)
        #expect(text == """
            {
              "tracks" : [
                {
                  "album" : "",
                  "albumArtist" : "Various",
                  "artist" : "",
                  "artwork" : {
                    "bytes" : 3,
                    "mimeType" : "image/png"
                  },
                  "disc" : 1,
                  "discTotal" : 2,
                  "duration" : 1,
                  "path" : "/m/a b.wav",
                  "replayGain" : {
                    "albumGain" : null,
                    "albumPeak" : null,
                    "trackGain" : -6.5,
                    "trackPeak" : 0.5
                  },
                  "stream" : {
                    "bitDepth" : 24,
                    "channels" : 2,
                    "format" : "wav",
                    "sampleRate" : 96000
                  },
                  "title" : "Air",
                  "track" : 3,
                  "trackTotal" : 12
                }
              ],
              "unplayable" : [

              ]
            }

            """)
    }

    @Test func everyErrorCaseHasItsName() {
        let cases: [(AudioError, String)] = [
            (.invalidArgument(""), "invalidArgument"), (.invalidState(""), "invalidState"), (.notFound(""), "notFound"),
            (.ioError("", underlying: POSIXError(.EIO)), "ioError"), (.decodeError(""), "decodeError"), (.unsupported(""), "unsupported"),
        ]
        for (error, name) in cases { #expect(error.caseName == name) }
    }
}
