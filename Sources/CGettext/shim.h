#ifndef TRIPS_CGETTEXT_SHIM_H
#define TRIPS_CGETTEXT_SHIM_H
/* gettext is part of glibc: no library to link. */
#include <libintl.h>
#include <locale.h>
#endif
