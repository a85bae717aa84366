import GATT
import Testing
import TrainerControl

/// The recording's trainer driven second by second, every answer given by hand as a trainer would.
@Suite struct TrainerDriverTests {
    /// The requests among `actions`.
    static func writes(_ actions: [TrainerController.Action]) -> [FitnessMachineRequest] {
        actions.compactMap { if case .write(let request) = $0 { request } else { nil } }
    }

    /// The words among `actions`.
    static func tells(_ actions: [TrainerController.Action]) -> [String] {
        actions.compactMap { if case .tell(let text) = $0 { text } else { nil } }
    }

    /// A driver connected, granted control and started, holding `watts`.
    static func holding(_ watts: Int) -> TrainerDriver {
        var driver = TrainerDriver()
        _ = driver.connected("KICKR")
        _ = driver.update(running: true, mode: .erg(watts: watts), at: 0)
        for op: UInt8 in [0x00, 0x07, 0x05] { _ = driver.received(response: [0x80, op, 0x01], at: 0.1) }
        return driver
    }

    @Test func nothingIsSentUntilTheTrainerConnectsThenControlComesFirst() {
        var driver = TrainerDriver()
        #expect(driver.update(running: true, mode: .erg(watts: 200), at: 0).isEmpty)
        #expect(driver.line == "TRAINER waiting for the trainer to connect")
        #expect(Self.tells(driver.connected("KICKR")) == ["trainer: KICKR connected"])
        #expect(Self.writes(driver.update(running: true, mode: .erg(watts: 200), at: 1)) == [.requestControl])
        #expect(driver.line == "TRAINER asking KICKR for control")
        #expect(Self.writes(driver.received(response: [0x80, 0x00, 0x01], at: 1.1)) == [.startOrResume])
        #expect(Self.writes(driver.received(response: [0x80, 0x07, 0x01], at: 1.2)) == [.setTargetPower(watts: 200)])
        #expect(driver.line == "TRAINER ERG 200 W (asked)" && !driver.holdsPower)
        #expect(Self.tells(driver.received(response: [0x80, 0x05, 0x01], at: 1.3)) == ["trainer: holding 200 W"])
        #expect(driver.line == "TRAINER ERG 200 W" && driver.holdsPower)
    }

    @Test func aTargetIsSentAgainOnlyWhenItChanges() {
        var driver = Self.holding(200)
        #expect(driver.update(running: true, mode: .erg(watts: 200), at: 2).isEmpty)
        #expect(Self.writes(driver.update(running: true, mode: .erg(watts: 201), at: 3)) == [.setTargetPower(watts: 201)])
        _ = driver.received(response: [0x80, 0x05, 0x01], at: 3.1)
        // A road: 0.05 % more is not worth a write, 0.1 % is, but not within 2 s of the last.
        #expect(Self.writes(driver.update(running: true, mode: .simulation(grade: 2), at: 4)).map(\.opCode) == [0x11])
        _ = driver.received(response: [0x80, 0x11, 0x01], at: 4.1)
        #expect(driver.line == "TRAINER SIM +2.0 %" && !driver.holdsPower)
        #expect(driver.update(running: true, mode: .simulation(grade: 2.3), at: 5).isEmpty)
        #expect(driver.update(running: true, mode: .simulation(grade: 2.05), at: 6.5).isEmpty)
        #expect(Self.writes(driver.update(running: true, mode: .simulation(grade: -1.25), at: 7)).map(\.bytes) == [[0x11, 0, 0, 0x83, 0xFF, 40, 51]])
    }

    @Test func aPausePausesTheTrainerAndRunningAgainResumesIt() {
        var driver = Self.holding(180)
        #expect(Self.writes(driver.update(running: false, mode: .erg(watts: 180), at: 10)) == [.pause])
        #expect(driver.update(running: false, mode: .erg(watts: 180), at: 11).isEmpty, "paused once")
        _ = driver.received(response: [0x80, 0x08, 0x01], at: 10.1)
        #expect(driver.line == "TRAINER paused" && !driver.holdsPower)
        #expect(Self.writes(driver.update(running: true, mode: .erg(watts: 180), at: 20)) == [.startOrResume])
        #expect(Self.writes(driver.received(response: [0x80, 0x07, 0x01], at: 20.1)) == [.setTargetPower(watts: 180)])
        _ = driver.received(response: [0x80, 0x05, 0x01], at: 20.2)
        #expect(Self.writes(driver.finish(at: 30)) == [.stop])
    }

    @Test func aLostConnectionStartsTheConversationAfresh() {
        var driver = Self.holding(250)
        #expect(Self.tells(driver.disconnected("out of range")) == ["trainer lost: out of range"])
        #expect(!driver.holdsPower && driver.line == "TRAINER waiting for the trainer to connect")
        #expect(driver.update(running: true, mode: .erg(watts: 250), at: 5).isEmpty)
        _ = driver.connected("KICKR")
        #expect(Self.writes(driver.update(running: true, mode: .erg(watts: 250), at: 6)) == [.requestControl])
    }

    @Test func controlLostOnTheTrainerIsAskedForAgainWithTheMode() {
        var driver = Self.holding(220)
        let actions = driver.received(status: [0xFF], at: 12)
        #expect(Self.tells(actions) == ["trainer: control lost; asking again"])
        #expect(Self.writes(actions) == [.requestControl])
        // The mode counts as asked: the next second does not ask it twice.
        #expect(driver.update(running: true, mode: .erg(watts: 220), at: 13).isEmpty)
        #expect(Self.writes(driver.received(response: [0x80, 0x00, 0x01], at: 13.1)) == [.startOrResume])
        #expect(Self.writes(driver.received(response: [0x80, 0x07, 0x01], at: 13.2)) == [.setTargetPower(watts: 220)])
    }

    @Test func aRefusedControlIsToldAndTheRideGoesOnFree() {
        var driver = TrainerDriver()
        _ = driver.connected("KICKR")
        _ = driver.update(running: true, mode: .erg(watts: 200), at: 0)
        // Refused, asked once more (once), refused again: given up until the next target.
        let refused = driver.received(response: [0x80, 0x00, 0x05], at: 0.1)
        #expect(Self.tells(refused).first?.hasPrefix("trainer refused request control: the trainer does not give control") == true, "\(refused)")
        #expect(Self.writes(refused) == [.requestControl])
        #expect(Self.writes(driver.received(response: [0x80, 0x00, 0x05], at: 0.2)).isEmpty)
        #expect(driver.line == "TRAINER KICKR refused control: riding free")
        #expect(driver.update(running: true, mode: .erg(watts: 200), at: 1).isEmpty, "not asked again for the same target")
        #expect(Self.writes(driver.update(running: true, mode: .erg(watts: 260), at: 2)) == [.requestControl], "asked again at the next target")
    }

    @Test func theModeIsERGForAPowerElseTheRoadsGrade() {
        #expect(TrainerDriver.mode(power: 230, grade: 4) == .erg(watts: 230))
        #expect(TrainerDriver.mode(power: nil, grade: 4.567) == .simulation(grade: 4.57))
        #expect(TrainerDriver.mode(power: nil, grade: nil) == .simulation(grade: 0))
    }
}
