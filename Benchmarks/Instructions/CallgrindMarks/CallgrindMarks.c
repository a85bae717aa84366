#include "CallgrindMarks.h"
#include <valgrind/callgrind.h>

void ohk_callgrind_start(void) { CALLGRIND_START_INSTRUMENTATION; }
void ohk_callgrind_stop(void) { CALLGRIND_STOP_INSTRUMENTATION; }
int ohk_running_on_valgrind(void) { return RUNNING_ON_VALGRIND ? 1 : 0; }
