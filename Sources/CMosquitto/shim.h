#ifndef TRIPS_CMOSQUITTO_SHIM_H
#define TRIPS_CMOSQUITTO_SHIM_H
// libmosquitto (Debian's libmosquitto-dev): the MQTT client a kiosk is
// steered through (`--mqtt`). Linked, but initialised only when asked.
#include <mosquitto.h>

#endif
