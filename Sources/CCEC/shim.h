#ifndef TRIPS_CCEC_SHIM_H
#define TRIPS_CCEC_SHIM_H
// libcec (Debian's libcec-dev): HDMI-CEC, so a sleeping kiosk on a TV puts
// the TV in standby and wakes it. Through its C API (cecc.h); only this
// call is used, made when the kiosk falls asleep or wakes.
#include <libcec/cecc.h>
#include <string.h>

/// What `trips_cec_power` came to.
enum {
    TRIPS_CEC_DONE = 1,
    TRIPS_CEC_NO_ADAPTER = 0,
    TRIPS_CEC_NO_LIBRARY = -1,   // libcec could not start
    TRIPS_CEC_NOT_OPENED = -2,   // the adapter could not be opened
    TRIPS_CEC_REFUSED = -3,      // the command was not acknowledged
};

/// Finds the first CEC adapter (a Pulse-Eight USB one, or the kernel's
/// /dev/cec*) and sends standby to every device (`on` 0) or power-on to
/// the TV (`on` 1), as a playback device named Trips that never makes
/// itself the active source. `adapter` gets the adapter's name.
static inline int trips_cec_power(int on, char *adapter, size_t adapterSize) {
    libcec_configuration config;
    libcec_clear_configuration(&config);
    config.clientVersion = LIBCEC_VERSION_CURRENT;
    strncpy(config.strDeviceName, "Trips", sizeof config.strDeviceName - 1);
    config.deviceTypes.types[0] = CEC_DEVICE_TYPE_PLAYBACK_DEVICE;
    config.bActivateSource = 0;
    libcec_connection_t cec = libcec_initialise(&config);
    if (!cec) return TRIPS_CEC_NO_LIBRARY;
    cec_adapter_descriptor adapters[4];
    int8_t found = libcec_detect_adapters(cec, adapters, 4, NULL, 1);
    if (found <= 0) { libcec_destroy(cec); return TRIPS_CEC_NO_ADAPTER; }
    if (adapter && adapterSize > 0) { strncpy(adapter, adapters[0].strComName, adapterSize - 1); adapter[adapterSize - 1] = 0; }
    if (!libcec_open(cec, adapters[0].strComName, 5000)) { libcec_destroy(cec); return TRIPS_CEC_NOT_OPENED; }
    int done = on ? libcec_power_on_devices(cec, CECDEVICE_TV) : libcec_standby_devices(cec, CECDEVICE_BROADCAST);
    libcec_close(cec);
    libcec_destroy(cec);
    return done ? TRIPS_CEC_DONE : TRIPS_CEC_REFUSED;
}
#endif
