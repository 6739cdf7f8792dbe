#ifndef TRIPS_CFRIBIDI_SHIM_H
#define TRIPS_CFRIBIDI_SHIM_H
#include <fribidi.h>

/* FriBidi's paragraph types are macros built from macros, which Swift does
   not import: the one Trips asks for (the direction from the first strong
   character) as a function. */
static inline FriBidiParType trips_fribidi_par_on(void) { return FRIBIDI_PAR_ON; }
static inline int trips_fribidi_par_is_rtl(FriBidiParType type) { return FRIBIDI_IS_RTL(type) ? 1 : 0; }
#endif
