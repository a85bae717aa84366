/* libgps (gpsd's client library) for Swift: apt install libgps-dev. */
#include <gps.h>
#include <errno.h>

/* UNION_SET is a macro Swift cannot import. */
static const gps_mask_t CGPS_UNION_SET = UNION_SET;

/* errno after a failed gps_open: a negative netlib code for gps_errstr. */
static inline int cgps_errno(void) { return errno; }

/* gps_send is variadic, which Swift cannot call. */
static inline int cgps_send(struct gps_data_t *data, const char *command) { return gps_send(data, "%s", command); }
