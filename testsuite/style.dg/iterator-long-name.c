/* An iterator macro's name is reported whole, however long: the
   kernel's list_for_each_entry_safe_continue has 33 characters.  */
/* { dg-do compile } */
#include "style-common.h"

struct item { struct item *next; int n; };

#define list_for_each_entry_safe_continue(p, t, head) \
	for ((p) = (head), (t) = (p) ? (p)->next : 0; (p); \
	     (p) = (t), (t) = (p) ? (p)->next : 0)
#define a_very_long_iterator_macro_name_that_goes_on_and_on_for_each(i, n) \
	for ((i) = 0; (i) < (n); (i)++)

int f(struct item *head)
{
	struct item *p, *t;
	int count = 0, i;

	list_for_each_entry_safe_continue(p, t, head) count += p->n; /* { dg-warning "same line as the .list_for_each_entry_safe_continue. loop header @loop-body@" } */
	a_very_long_iterator_macro_name_that_goes_on_and_on_for_each(i, 4) count++; /* { dg-warning "same line as the .a_very_long_iterator_macro_name_that_goes_on_and_on_for_each. loop header @loop-body@" } */
	return count;
}
