#ifndef CALLGRIND_MARKS_H
#define CALLGRIND_MARKS_H

/// Starts callgrind's counting (valgrind run with --instr-atstart=no); does nothing outside valgrind.
void ohk_callgrind_start(void);
/// Stops callgrind's counting; does nothing outside valgrind.
void ohk_callgrind_stop(void);
/// Whether the process runs under valgrind.
int ohk_running_on_valgrind(void);

#endif
