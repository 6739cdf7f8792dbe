#ifndef TRIPS_CGEONAMES_SHIM_H
#define TRIPS_CGEONAMES_SHIM_H
/* libgeonames: GeoNames' cities of more than 15,000 people, compiled into
 * the library, their names translated by its gettext catalogues
 * (domain "geonames", keyed by GeoNames id). A city is a GVariant tuple
 * whose first child is its id. */
#include <geonames.h>
/* The domain's output codeset (gettext is part of glibc). */
#include <libintl.h>
#endif
