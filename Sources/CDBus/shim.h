// libdbus (Debian's libdbus-1-dev): the AT-SPI bridge talks D-Bus with it.
#include <dbus/dbus.h>
