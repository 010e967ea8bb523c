/* status.c - messages for status codes. */
#include "../mazebench.h"

const char *mz_status_str(mz_status s)
{
    switch (s) {
    case MZ_OK: return "ok";
    case MZ_ENOMEM: return "out of memory";
    case MZ_ETOOBIG: return "size too large";
    case MZ_EINVAL: return "invalid argument";
    case MZ_ENOTFOUND: return "unknown name";
    case MZ_EPARAM: return "bad parameter";
    case MZ_EUNSUPPORTED: return "not supported on this grid";
    case MZ_EIO: return "output failed";
    case MZ_ESPENT: return "mulberry32's draws ran past its limit of 2^31 (draw from splitmix64)";
    case MZ_EFORMAT: return "malformed maze file";
    case MZ_EOUTSIDE: return "outside program failed";
    }
    return "unknown status";
}
