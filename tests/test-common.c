/* test-common.c: what every game has.
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "felt-test-util.h"

static void
test_cruel_first_move (void **unused)
{
  FeltState st;
  FeltMove m;

  felt_test_position (&st, "cruel", "foundation.0", "AH", "tableau.0", "KS 2H", NULL);
  m = felt_test_move (&st, "tableau.0", 1, "foundation.0");
  assert_int_equal (felt_state_check_move (&st, &m), FELT_LEGAL);
  assert_true (felt_test_move_listed (&st, &m));
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_cruel_first_move),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
