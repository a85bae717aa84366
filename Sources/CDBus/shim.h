/* libdbus-1 (the reference D-Bus client library) for Swift: apt install libdbus-1-dev. */
#include <dbus/dbus.h>
