#ifndef TRIPS_CSYSTEMD_SHIM_H
#define TRIPS_CSYSTEMD_SHIM_H
// libsystemd's service notification (Debian's libsystemd-dev): sd_notify and
// sd_watchdog_enabled, what a Type=notify unit with WatchdogSec= listens to.
#include <systemd/sd-daemon.h>

#endif
