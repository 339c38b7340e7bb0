#ifndef QUESTS_CSQLITE_SHIM_H
#define QUESTS_CSQLITE_SHIM_H

#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro cast Swift cannot import; this hands it over as a value.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
