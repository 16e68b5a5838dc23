#include "CBench.h"
