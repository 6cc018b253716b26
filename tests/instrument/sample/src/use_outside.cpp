// A unit that reads the sample's fields through a header outside the roots.
#include "../outside/peek.hpp"

bool use_outside(sample::node* n) { return has_left(n); }
