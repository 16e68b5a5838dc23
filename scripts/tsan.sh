#!/usr/bin/env bash
# Runs the schedule stress test (random schedules compared bit for bit with a one-thread run)
# and the parallel ECS, confetti (steps and respawns), mixer, streaming, FFmpeg decoding, bandwidth and host tests
# (connections, deadlines, limits, shutdown) and the ALSA output's writer thread under ThreadSanitizer, in its own scratch path (.build-tsan). Fails on any test failure and on any
# ThreadSanitizer report.
set -euo pipefail
cd "$(dirname "$0")/.."

suites='ScheduleStressTests|AppTests|PluginCompositionTests|theFrameIsBrokenDownBySystem|ConfettiRespawnTests|RespawnTests|particleUpdateDoesNotDependOnThreads|ScheduleTests|ObserverTests|HierarchyTests|AddedFilterTests|PendingRowTests|ScheduleReuseTests|ParallelChunkCoverageTests|SystemAccessTests|ResourcesTests|CallbackReentrancyTests|DiagnosticsConcurrencyTests|QueryTests|readmeExampleRuns|threadCountDoesNotChangeTheBits|recomputedStatesEqualAFreshComputation|SndFileDecoderTests|SndFileMalformedInputTests|AudioOutputTests|PlaybackStateTableTests|AudioPlayerTests|SndFileHungOpenTests|PlaybackIntegrationTests|oneTwoAndThreeThreadsGiveTheSameBits|SampleRingTests|VoiceStreamingTests|StreamResamplerTests|HostConcurrencyTests|IsolationTests|BackgroundBehaviorTests|LockedTests|CanvasBandedDrawTests|ConfettiCanvasDrawTests|SparseScheduleTests|SparseQueryTests|ClientParityTests|ReconnectTests|SlowClientTests|FrameLimitTests|AuthTests|FirstSocketGateTests|DeadlineTests|ConnectionLimitTests|ProtocolConformanceTests|DirectActionWriteTests|parallelUpdateTouchesEveryElementOnce|referenceBandwidthFollowsTheThreadCount|ratioUsesTheFrameClockAndTheBandwidthOfItsThreads|FFmpegDecoderTests|FormatRoutingTests|ALSAFileCaptureTests|ALSARecoveryTests|ALSANoDeviceTests|ALSABadInputTests'
log=$(mktemp)
trap 'rm -f "$log"' EXIT

set +e
TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" \
    swift test --enable-all-traits --sanitize=thread --scratch-path .build-tsan --filter "$suites" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e

if grep -q 'ThreadSanitizer' "$log"; then
    echo "tsan.sh: ThreadSanitizer reported a problem" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "tsan.sh: tests failed (exit $status)" >&2
    exit 1
fi
echo "tsan.sh: no ThreadSanitizer report"
