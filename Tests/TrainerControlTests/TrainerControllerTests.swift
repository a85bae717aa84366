import GATT
import Testing
import TrainerControl

/// The control point's conversation, byte by byte, as the Fitness Machine Service specification has it.
@Suite struct TrainerControllerTests {
    static func bytes(_ actions: [TrainerController.Action]) -> [[UInt8]] {
        actions.compactMap { if case .write(let request) = $0 { request.bytes } else { nil } }
    }

    static func told(_ actions: [TrainerController.Action]) -> [String] {
        actions.compactMap { if case .tell(let text) = $0 { text } else { nil } }
    }

    /// A controller holding 200 W, control granted and the trainer started.
    static func holding200() -> TrainerController {
        var trainer = TrainerController()
        _ = trainer.want(.erg(watts: 200), at: 0)
        _ = trainer.received(indication: [0x80, 0x00, 0x01], at: 0.1)
        _ = trainer.received(indication: [0x80, 0x07, 0x01], at: 0.2)
        _ = trainer.received(indication: [0x80, 0x05, 0x01], at: 0.3)
        return trainer
    }

    @Test func controlIsAskedThenTheTrainerStartedThenGivenItsTarget() {
        var trainer = TrainerController()
        #expect(Self.bytes(trainer.want(.erg(watts: 200), at: 0)) == [[0x00]])
        #expect(trainer.state == .askingControl)
        #expect(Self.bytes(trainer.received(indication: [0x80, 0x00, 0x01], at: 0.1)) == [[0x07]])
        #expect(trainer.state == .controlled)
        // 200 W is 0x00C8, little-endian.
        #expect(Self.bytes(trainer.received(indication: [0x80, 0x07, 0x01], at: 0.2)) == [[0x05, 0xC8, 0x00]])
        let confirmed = trainer.received(indication: [0x80, 0x05, 0x01], at: 0.3)
        #expect(Self.told(confirmed) == ["trainer: holding 200 W"] && Self.bytes(confirmed).isEmpty)
        #expect(trainer.confirmed == .erg(watts: 200))
        // The next step's target: written at once, control and start already done.
        #expect(Self.bytes(trainer.want(.erg(watts: 250), at: 5)) == [[0x05, 0xFA, 0x00]])
    }

    @Test func oneRequestIsOutstandingAndANewerTargetReplacesOneWaiting() {
        var trainer = Self.holding200()
        #expect(Self.bytes(trainer.want(.erg(watts: 250), at: 5)) == [[0x05, 0xFA, 0x00]])
        #expect(Self.bytes(trainer.want(.erg(watts: 300), at: 5.1)).isEmpty)
        #expect(Self.bytes(trainer.want(.erg(watts: 320), at: 5.2)).isEmpty)
        let answered = trainer.received(indication: [0x80, 0x05, 0x01], at: 5.3)
        #expect(Self.told(answered) == ["trainer: holding 250 W"])
        // 320 W (0x0140), not 300: the newer target replaced the one waiting.
        #expect(Self.bytes(answered) == [[0x05, 0x40, 0x01]])
    }

    @Test func controlNotPermittedIsToldAskedOnceMoreThenGivenUp() {
        var trainer = Self.holding200()
        _ = trainer.want(.erg(watts: 320), at: 5)
        let refused = trainer.received(indication: [0x80, 0x05, 0x05], at: 5.1)
        #expect(Self.told(refused) == ["trainer refused set target power 320 W: the trainer does not give control (another app may hold it; close it, or wake the trainer, and try again)"])
        #expect(Self.bytes(refused) == [[0x00]])
        let again = trainer.received(indication: [0x80, 0x00, 0x05], at: 5.2)
        #expect(Self.told(again).count == 1 && Self.bytes(again).isEmpty)
        #expect(trainer.state == .refused)
        // The rider's next target tries from the start.
        #expect(Self.bytes(trainer.want(.erg(watts: 150), at: 60)) == [[0x00]])
    }

    @Test func otherRefusalsAreToldWithWhatTheyMean() {
        var trainer = Self.holding200()
        _ = trainer.want(.simulation(grade: 4.5), at: 5)
        let refused = trainer.received(indication: [0x80, 0x11, 0x02], at: 5.1)
        #expect(Self.told(refused) == ["trainer refused simulate a 4.5 % grade, wind 0.0 m/s: the trainer does not support this"])
        #expect(trainer.state == .controlled)
        #expect(Self.told(trainer.received(indication: [0x80, 0x05, 0x01], at: 6)) == ["trainer: an answer to op code 0x5 that was not asked"])
        #expect(Self.told(trainer.received(indication: [0x80, 0x05], at: 7)).first?.hasPrefix("trainer: the result code needs 1 byte at byte 2") == true)
    }

    @Test func controlLostIsAskedAgainAndTheModeSentAgain() {
        var trainer = Self.holding200()
        let lost = trainer.received(status: [0xFF], at: 10)
        #expect(Self.told(lost) == ["trainer: control lost; asking again"] && Self.bytes(lost) == [[0x00]])
        #expect(Self.bytes(trainer.received(indication: [0x80, 0x00, 0x01], at: 10.1)) == [[0x07]])
        #expect(Self.bytes(trainer.received(indication: [0x80, 0x07, 0x01], at: 10.2)) == [[0x05, 0xC8, 0x00]])
    }

    @Test func aResponseThatDoesNotComeIsAskedOnceMoreThenGivenUp() {
        var trainer = TrainerController(responseTimeout: 3)
        #expect(Self.bytes(trainer.want(.erg(watts: 200), at: 0)) == [[0x00]])
        #expect(trainer.timedOut(at: 2.9).isEmpty)
        let again = trainer.timedOut(at: 3)
        #expect(Self.told(again) == ["trainer: no answer to request control in 3 s; asking again"] && Self.bytes(again) == [[0x00]])
        let gone = trainer.timedOut(at: 6)
        #expect(Self.told(gone) == ["trainer: no answer to request control in 3 s; giving up"] && trainer.state == .refused)
    }

    @Test func pausingAndStoppingAreWrittenOnlyWithControl() {
        var idle = TrainerController()
        #expect(idle.stop(pausing: true, at: 0).isEmpty)
        var trainer = Self.holding200()
        #expect(Self.bytes(trainer.stop(pausing: true, at: 20)) == [[0x08, 0x02]])
        _ = trainer.received(indication: [0x80, 0x08, 0x01], at: 20.1)
        // Resuming starts the trainer again before the target.
        #expect(Self.bytes(trainer.want(.erg(watts: 200), at: 30)) == [[0x07]])
        #expect(Self.bytes(trainer.received(indication: [0x80, 0x07, 0x01], at: 30.1)) == [[0x05, 0xC8, 0x00]])
        #expect(Self.told(trainer.received(status: [0x02, 0x02], at: 31)) == ["trainer paused on the trainer"])
    }
}
