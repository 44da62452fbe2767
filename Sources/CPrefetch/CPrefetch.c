// CPrefetch is its header alone (an inline function); SwiftPM needs a source file for a C target.
#include "CPrefetch.h"
