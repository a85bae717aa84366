#!/usr/bin/env python3
"""A stand-in for BlueZ's org.bluez on a private D-Bus, for tests on machines without a radio.

It exports what bluetoothd exports for LE sensors, with the same names and shapes:

- the object manager on /, answering GetManagedObjects;
- /org/bluez/hci0 with org.bluez.Adapter1 (SetDiscoveryFilter, StartDiscovery, StopDiscovery, RemoveDevice);
- one object per device, /org/bluez/hci0/dev_AA_BB_CC_DD_EE_FF, with org.bluez.Device1 (Connect, Disconnect;
  Address, Name, Alias, RSSI, UUIDs, Connected, ServicesResolved) and, where the device has a battery,
  org.bluez.Battery1 (Percentage) - bluetoothd claims the Battery Service and shows no GATT object for it;
- while connected, its services (org.bluez.GattService1) and characteristics (org.bluez.GattCharacteristic1:
  ReadValue, WriteValue, StartNotify, StopNotify; UUID, Service, Value, Notifying, Flags), added with
  InterfacesAdded once connected and removed with InterfacesRemoved on disconnection, as for a device that is
  not bonded.

Notifications are PropertiesChanged(Value) on the characteristic, sent while Notifying. A characteristic's
values come from a list repeated at a rate, or from the lines of a `workout simulate --hrm` capture ($HRM1
lines) with its UUID, each at its own time from StartNotify on.

Usage: fake-bluez.py --bus ADDRESS [--speed N] DEVICES.json
Prints "ready" on standard output once org.bluez is owned. A "held" characteristic notifies nothing until the line
"release" arrives on standard input (a sensor silent until the test says, not after some seconds). --speed plays captures N times faster than they were
recorded (a three-hour ride in a minute). The devices file:

{"devices": [{"address": "C4:7A:11:22:33:44", "name": "Power 1", "rssi": -58, "battery": 87,
              "appearAfter": 0.5,            # seconds after StartDiscovery; absent: known from the start
              "vanishAfter": 3,              # seconds after start, if not connected
              "connectFailures": 1,          # the first Connect calls fail with org.bluez.Error.Failed
              "dropAfter": 4,                # seconds after connecting, the link drops once
              "batteryAfter": [2, 15],       # seconds after connecting, the battery reads this many %
              "services": [{"uuid": "1818", "characteristics": [
                  {"uuid": "2a63", "flags": ["notify"], "values": ["0000c800"], "rate": 2},
                  {"uuid": "2a37", "flags": ["notify"], "values": ["0048"], "held": true},  # silent until told
                  {"uuid": "2a63", "flags": ["notify"], "capture": "ride.hrm"},
                  {"uuid": "2a5d", "flags": ["read"], "value": "0d"},
                  {"uuid": "2a66", "flags": ["write", "indicate"], "answer": "20"}]}]}]}

A write to a characteristic with "answer" is answered by an indication: the answer byte, the written op code,
then 01 (success), as the Cycling Power and Fitness Machine control points answer.

A device with "trainer" is a smart trainer of the Fitness Machine Service (1826), as the specification has it:

  "trainer": {"power": 150,               # watts the rider turns with nothing asked
              "speed": 40,                # km/h its wheel reads, whatever the effort (the gear's)
              "cadence": 90,
              "results": {"05": [5]},     # answers to op codes: a list is used up in order, then 01 (success)
              "loseControlAfter": 20}     # seconds after control is granted, a status 0xFF (control lost), once

with characteristics 2ad2 (Indoor Bike Data, notify: speed, cadence, total distance and power once a second), 2ad9 (Fitness
Machine Control Point, write and indicate) and 2ada (Fitness Machine Status, notify). The control point answers
0x80, the op code and a result: 05 (control not permitted) to anything before Request Control (00) succeeded;
Set Target Power (05) makes the power follow the target, half the way each second; Indoor Bike Simulation (11)
and Stop or Pause (08) let the rider ride free again.
"""

import argparse
import asyncio
import json
import os
import sys
import time

from dbus_fast import BusType, DBusError, Variant
from dbus_fast.aio import MessageBus
from dbus_fast.service import PropertyAccess, ServiceInterface, dbus_property, method

ADAPTER = "/org/bluez/hci0"


def full_uuid(short):
    short = short.lower()
    return short if len(short) > 8 else f"0000{short:0>4}-0000-1000-8000-00805f9b34fb"


def capture_values(path, uuid):
    """(seconds from the first line, bytes) for the capture's lines carrying `uuid`."""
    values, first = [], None
    with open(path, encoding="utf-8") as capture:
        for line in capture:
            fields = line.strip().split(",")
            if len(fields) < 5 or not fields[0].endswith("HRM1"):
                continue
            milliseconds = int(fields[2])
            first = milliseconds if first is None else first
            if fields[3].lower() == uuid.lower():
                values.append(((milliseconds - first) / 1000, bytes.fromhex(fields[4].split("*")[0])))
    return values


class Adapter(ServiceInterface):
    def __init__(self, fake):
        super().__init__("org.bluez.Adapter1")
        self.fake = fake
        self.discovering = False
        self.filter = {}
        self.advertising = None

    @method()
    def SetDiscoveryFilter(self, properties: "a{sv}"):
        self.filter = {key: value.value for key, value in properties.items()}
        self.fake.log(f"SetDiscoveryFilter {sorted(self.filter)}")

    @method()
    def StartDiscovery(self):
        if self.discovering:
            raise DBusError("org.bluez.Error.InProgress", "Operation already in progress")
        self.discovering = True
        self.emit_properties_changed({"Discovering": True}, [])
        self.fake.log("StartDiscovery")
        self.fake.discovery_started()
        self.advertising = asyncio.ensure_future(self.advertisements())

    async def advertisements(self):
        """Each device's advertisements while discovering, as BlueZ shows them: its RSSI changing, twice a second."""
        tick = 0
        while self.discovering:
            await asyncio.sleep(0.5)
            tick += 1
            for device in list(self.fake.devices.values()):
                if not device.connected:
                    device.rssi = device.spec.get("rssi", -60) + (tick % 3) - 1
                    device.emit_properties_changed({"RSSI": device.rssi}, [])

    @method()
    def StopDiscovery(self):
        if not self.discovering:
            raise DBusError("org.bluez.Error.Failed", "No discovery started")
        self.discovering = False
        if self.advertising:
            self.advertising.cancel()
        self.emit_properties_changed({"Discovering": False}, [])
        self.fake.log("StopDiscovery")

    @method()
    def RemoveDevice(self, device: "o"):
        self.fake.remove(device)

    @dbus_property(access=PropertyAccess.READ)
    def Address(self) -> "s":
        return "00:1A:7D:DA:71:13"

    @dbus_property(access=PropertyAccess.READ)
    def Name(self) -> "s":
        return "fake-bluez"

    @dbus_property(access=PropertyAccess.READ)
    def Powered(self) -> "b":
        return True

    @dbus_property(access=PropertyAccess.READ)
    def Discovering(self) -> "b":
        return self.discovering

    @dbus_property(access=PropertyAccess.READ)
    def Roles(self) -> "as":
        return ["central", "peripheral"]


class Device(ServiceInterface):
    def __init__(self, fake, spec):
        super().__init__("org.bluez.Device1")
        self.fake = fake
        self.spec = spec
        self.path = ADAPTER + "/dev_" + spec["address"].replace(":", "_")
        self.connected = False
        self.resolved = False
        self.connecting = False
        self.failures_left = spec.get("connectFailures", 0)
        self.dropped = False
        self.services = []
        self.rssi = spec.get("rssi", -60)
        self.trainer = Trainer(fake, self, spec["trainer"]) if "trainer" in spec else None

    @method()
    async def Connect(self):
        if self.connecting:
            raise DBusError("org.bluez.Error.InProgress", "In Progress")
        if self.connected:
            raise DBusError("org.bluez.Error.AlreadyConnected", "Already Connected")
        self.connecting = True
        try:
            await asyncio.sleep(0.05)
            if self.failures_left > 0:
                self.failures_left -= 1
                self.fake.log(f"Connect {self.spec['address']} failed")
                raise DBusError("org.bluez.Error.Failed", "le-connection-abort-by-local")
            self.connected = True
            self.emit_properties_changed({"Connected": True}, [])
            self.fake.log(f"Connect {self.spec['address']}")
            self.add_services()
            self.resolved = True
            self.emit_properties_changed({"ServicesResolved": True}, [])
            if "batteryAfter" in self.spec:
                seconds, percent = self.spec["batteryAfter"]
                asyncio.get_running_loop().call_later(seconds, self.fake.set_battery, self.spec["address"], percent)
            if "dropAfter" in self.spec and not self.dropped:
                self.dropped = True
                asyncio.get_running_loop().call_later(self.spec["dropAfter"], self.disconnect, "dropped")
        finally:
            self.connecting = False

    @method()
    def Disconnect(self):
        self.disconnect("Disconnect")

    def disconnect(self, why):
        if not self.connected:
            return
        self.fake.log(f"{why} {self.spec['address']}")
        for service in self.services:
            for characteristic in service.characteristics:
                characteristic.stop()
        if self.trainer:
            self.trainer.reset()
        self.resolved = False
        self.emit_properties_changed({"ServicesResolved": False}, [])
        self.connected = False
        self.emit_properties_changed({"Connected": False}, [])
        for service in self.services:
            for characteristic in service.characteristics:
                self.fake.bus.unexport(characteristic.path)
            self.fake.bus.unexport(service.path)
        self.services = []

    def add_services(self):
        handle = 0x000A
        for spec in self.spec.get("services", []):
            service = Service(self, spec, handle)
            self.fake.bus.export(service.path, service)
            handle += 1
            for char_spec in spec.get("characteristics", []):
                characteristic = Characteristic(self.fake, service, char_spec, handle)
                service.characteristics.append(characteristic)
                self.fake.bus.export(characteristic.path, characteristic)
                handle += 2
            self.services.append(service)

    @dbus_property(access=PropertyAccess.READ)
    def Address(self) -> "s":
        return self.spec["address"]

    @dbus_property(access=PropertyAccess.READ)
    def AddressType(self) -> "s":
        return "random"

    @dbus_property(access=PropertyAccess.READ)
    def Name(self) -> "s":
        return self.spec.get("name", "")

    @dbus_property(access=PropertyAccess.READ)
    def Alias(self) -> "s":
        return self.spec.get("name", self.spec["address"].replace(":", "-"))

    @dbus_property(access=PropertyAccess.READ)
    def RSSI(self) -> "n":
        return self.rssi

    @dbus_property(access=PropertyAccess.READ)
    def UUIDs(self) -> "as":
        uuids = [full_uuid(service["uuid"]) for service in self.spec.get("services", [])]
        if "battery" in self.spec:
            uuids.append(full_uuid("180f"))
        return uuids

    @dbus_property(access=PropertyAccess.READ)
    def Connected(self) -> "b":
        return self.connected

    @dbus_property(access=PropertyAccess.READ)
    def ServicesResolved(self) -> "b":
        return self.resolved

    @dbus_property(access=PropertyAccess.READ)
    def Paired(self) -> "b":
        return False

    @dbus_property(access=PropertyAccess.READ)
    def Trusted(self) -> "b":
        return False

    @dbus_property(access=PropertyAccess.READ)
    def Blocked(self) -> "b":
        return False

    @dbus_property(access=PropertyAccess.READ)
    def Adapter(self) -> "o":
        return ADAPTER


class Trainer:
    """A smart trainer's control and the power it makes the rider turn."""

    def __init__(self, fake, device, spec):
        self.fake = fake
        self.device = device
        self.spec = spec
        self.results = {int(code, 16): list(answers) if isinstance(answers, list) else answers
                        for code, answers in spec.get("results", {}).items()}
        self.reset()

    def reset(self):
        self.controlled = False
        self.started = False
        self.target = None
        self.power = float(self.spec.get("power", 150))
        self.lost = False
        self.distance = 0.0

    def result(self, op):
        answers = self.results.get(op)
        if isinstance(answers, list):
            return answers.pop(0) if answers else 0x01
        return answers if answers is not None else 0x01

    def control(self, value):
        op = value[0]
        result = self.result(op)
        if result == 0x01 and op != 0x00 and not self.controlled:
            result = 0x05
        if result == 0x01:
            if op == 0x00:
                self.controlled = True
                if "loseControlAfter" in self.spec and not self.lost:
                    self.lost = True
                    asyncio.get_running_loop().call_later(self.spec["loseControlAfter"], self.lose_control)
            elif op == 0x01:
                self.reset()
            elif op == 0x05 and len(value) >= 3:
                self.target = int.from_bytes(value[1:3], "little", signed=True)
                self.status(bytes([0x08]) + value[1:3])
            elif op == 0x07:
                self.started = True
            elif op == 0x08:
                self.started = False
                self.target = None
            elif op == 0x11:
                self.target = None
                self.status(bytes([0x12]) + value[1:7])
        self.fake.log(f"control {value.hex()} -> {result:02x}")
        return bytes([0x80, op, result])

    def lose_control(self):
        self.controlled = False
        self.started = False
        self.fake.log("control lost")
        self.status(bytes([0xFF]))

    def status(self, value):
        for service in self.device.services:
            for characteristic in service.characteristics:
                if characteristic.spec["uuid"].lower() == "2ada":
                    characteristic.notify(value)

    async def ride(self, characteristic):
        """Indoor Bike Data once a second: the wheel's speed, the cadence, the total distance at the wheel's speed, and
        the power (the target's, with a lag)."""
        while True:
            free = float(self.spec.get("power", 150))
            goal = self.target if self.target is not None and self.started else free
            self.power += (goal - self.power) / 2
            speed = int(self.spec.get("speed", 40) * 100)
            cadence = int(self.spec.get("cadence", 90) * 2)
            power = int(round(self.power))
            self.distance += self.spec.get("speed", 40) / 3.6
            characteristic.notify(bytes([0x54, 0x00]) + speed.to_bytes(2, "little") + cadence.to_bytes(2, "little")
                                  + int(self.distance).to_bytes(3, "little") + power.to_bytes(2, "little", signed=True))
            await asyncio.sleep(1)


class Battery(ServiceInterface):
    def __init__(self, percentage):
        super().__init__("org.bluez.Battery1")
        self.percentage = percentage

    @dbus_property(access=PropertyAccess.READ)
    def Percentage(self) -> "y":
        return self.percentage


class Service(ServiceInterface):
    def __init__(self, device, spec, handle):
        super().__init__("org.bluez.GattService1")
        self.device = device
        self.spec = spec
        self.path = f"{device.path}/service{handle:04x}"
        self.characteristics = []

    @dbus_property(access=PropertyAccess.READ)
    def UUID(self) -> "s":
        return full_uuid(self.spec["uuid"])

    @dbus_property(access=PropertyAccess.READ)
    def Device(self) -> "o":
        return self.device.path

    @dbus_property(access=PropertyAccess.READ)
    def Primary(self) -> "b":
        return True


class Characteristic(ServiceInterface):
    def __init__(self, fake, service, spec, handle):
        super().__init__("org.bluez.GattCharacteristic1")
        self.fake = fake
        self.service = service
        self.spec = spec
        self.path = f"{service.path}/char{handle:04x}"
        self.value = bytes.fromhex(spec.get("value", ""))
        self.notifying = False
        self.task = None

    def can_notify(self):
        return bool({"notify", "indicate"} & set(self.spec.get("flags", [])))

    @method()
    def ReadValue(self, options: "a{sv}") -> "ay":
        if "read" not in self.spec.get("flags", []):
            raise DBusError("org.bluez.Error.NotPermitted", "Read not permitted")
        return self.value

    @method()
    def WriteValue(self, value: "ay", options: "a{sv}"):
        flags = self.spec.get("flags", [])
        if "write" not in flags and "write-without-response" not in flags:
            raise DBusError("org.bluez.Error.NotPermitted", "Write not permitted")
        self.fake.log(f"WriteValue {self.spec['uuid']} {bytes(value).hex()}")
        trainer = self.service.device.trainer
        if trainer and self.spec["uuid"].lower() == "2ad9" and value:
            answer = trainer.control(bytes(value))
            asyncio.get_running_loop().call_later(0.05, self.notify, answer)
        elif "answer" in self.spec and value:
            answer = bytes.fromhex(self.spec["answer"]) + bytes([value[0], 0x01])
            asyncio.get_running_loop().call_later(0.05, self.notify, answer)

    @method()
    def StartNotify(self):
        if not self.can_notify():
            raise DBusError("org.bluez.Error.NotPermitted", "Notify not permitted")
        if not self.service.device.connected:
            raise DBusError("org.bluez.Error.NotConnected", "Not Connected")
        if self.notifying:
            return
        self.notifying = True
        self.emit_properties_changed({"Notifying": True}, [])
        self.fake.log(f"StartNotify {self.spec['uuid']}")
        trainer = self.service.device.trainer
        if trainer and self.spec["uuid"].lower() == "2ad2":
            self.task = asyncio.ensure_future(trainer.ride(self))
        elif "capture" in self.spec:
            speed = self.fake.speed
            self.task = asyncio.ensure_future(self.play([(offset / speed, value)
                                                         for offset, value in capture_values(self.spec["capture"], self.spec["uuid"])]))
        elif "values" in self.spec:
            values = [bytes.fromhex(value) for value in self.spec["values"]]
            period = 1 / self.spec.get("rate", 1)
            self.task = asyncio.ensure_future(self.play([(index * period, value) for index, value in enumerate(values)],
                                                        repeat=len(values) * period, held=self.spec.get("held", False)))

    @method()
    def StopNotify(self):
        if not self.notifying:
            raise DBusError("org.bluez.Error.Failed", "No notify session started")
        self.stop()

    def stop(self):
        if self.task:
            self.task.cancel()
            self.task = None
        if self.notifying:
            self.notifying = False
            self.emit_properties_changed({"Notifying": False}, [])

    async def play(self, values, repeat=None, held=False):
        if held:
            await self.fake.released.wait()
            self.fake.log(f"released {self.spec['uuid']}")
        start = time.monotonic()
        while True:
            for offset, value in values:
                delay = start + offset - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
                self.notify(value)
            if repeat is None:
                return
            start += repeat

    def notify(self, value):
        if not self.notifying:
            return
        self.value = value
        self.emit_properties_changed({"Value": value}, [])

    @dbus_property(access=PropertyAccess.READ)
    def UUID(self) -> "s":
        return full_uuid(self.spec["uuid"])

    @dbus_property(access=PropertyAccess.READ)
    def Service(self) -> "o":
        return self.service.path

    @dbus_property(access=PropertyAccess.READ)
    def Value(self) -> "ay":
        return self.value

    @dbus_property(access=PropertyAccess.READ)
    def Notifying(self) -> "b":
        return self.notifying

    @dbus_property(access=PropertyAccess.READ)
    def Flags(self) -> "as":
        return self.spec.get("flags", [])


class Fake:
    def __init__(self, bus, devices, speed=1.0):
        self.bus = bus
        self.speed = speed
        self.specs = devices
        self.devices = {}
        self.batteries = {}
        self.adapter = Adapter(self)
        # Set by the line "release" on standard input: "held" characteristics start notifying.
        self.released = asyncio.Event()

    def read_command(self):
        try:
            line = sys.stdin.readline()
        except (OSError, ValueError):
            line = ""
        if not line:
            asyncio.get_running_loop().remove_reader(sys.stdin.fileno())
        elif line.strip() == "release":
            self.released.set()

    def log(self, text):
        print(text, file=sys.stderr, flush=True)

    def start(self):
        self.bus.export(ADAPTER, self.adapter)
        loop = asyncio.get_running_loop()
        try:
            loop.add_reader(sys.stdin.fileno(), self.read_command)
        except (OSError, ValueError):
            pass  # no standard input to read (closed, or not a file the loop can watch): nothing is held back
        for spec in self.specs:
            if "appearAfter" not in spec:
                self.add(spec)
            if "vanishAfter" in spec:
                loop.call_later(spec["vanishAfter"], self.vanish, spec)

    def discovery_started(self):
        loop = asyncio.get_running_loop()
        for spec in self.specs:
            if "appearAfter" in spec and spec["address"] not in self.devices:
                loop.call_later(spec["appearAfter"], self.add, spec)

    def add(self, spec):
        if spec["address"] in self.devices:
            return
        device = Device(self, spec)
        self.devices[spec["address"]] = device
        self.bus.export(device.path, device)
        if "battery" in spec:
            self.batteries[spec["address"]] = Battery(spec["battery"])
            self.bus.export(device.path, self.batteries[spec["address"]])
        self.log(f"device {spec['address']} appeared")

    def set_battery(self, address, percent):
        battery = self.batteries.get(address)
        if battery:
            battery.percentage = percent
            battery.emit_properties_changed({"Percentage": percent}, [])
            self.log(f"battery {address} {percent}")

    def vanish(self, spec):
        device = self.devices.get(spec["address"])
        if device and not device.connected:
            self.remove(device.path)

    def remove(self, path):
        for address, device in list(self.devices.items()):
            if device.path == path:
                device.disconnect("RemoveDevice")
                self.bus.unexport(path)
                del self.devices[address]
                self.log(f"device {address} vanished")
                return
        raise DBusError("org.bluez.Error.DoesNotExist", "Does Not Exist")


async def main():
    parser = argparse.ArgumentParser(description="A fake org.bluez on a private D-Bus.")
    parser.add_argument("--bus", required=True, help="the private bus's address (dbus-daemon --print-address)")
    parser.add_argument("--speed", type=float, default=1.0, help="play captures this many times faster")
    parser.add_argument("devices", help="the devices file (JSON)")
    arguments = parser.parse_args()
    with open(arguments.devices, encoding="utf-8") as file:
        devices = json.load(file)["devices"]
    bus = await MessageBus(bus_address=arguments.bus).connect()
    fake = Fake(bus, devices, arguments.speed)
    fake.start()
    await bus.request_name("org.bluez")
    print("ready", flush=True)
    await bus.wait_for_disconnect()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
