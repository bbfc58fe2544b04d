/* Loop headers from iterator macros: a body written on the macro's line
   is reported; a loop whose body comes from a macro too is not.  */
/* { dg-do compile } */
#include "style-common.h"

#define for_each_cpu(cpu, mask) for ((cpu) = 0; (cpu) < 8; (cpu)++) if (!((mask) & (1 << (cpu)))) {} else
#define for_each_index(i, n) for ((i) = 0; (i) < (n); (i)++)
#define list_for_each(p, head) \
	for ((p) = (head); (p); (p) = (p)->next)
#define spin_until(c) while (!(c)) foo()
#define forever for (;;)
/* kernel/locking/percpu-rwsem.c: per_cpu_sum() uses an iterator, and
   its body's per_cpu() has statement expressions and casts.  */
#define verify_ptr(ptr) do { const void *__vp = (typeof((ptr) + 0))0; (void)__vp; } while (0)
#define VERIFY_PTR(__p) ({ verify_ptr(__p); (typeof(*(__p)) *)(__p); })
#define my_ptr(ptr, cpu) ({ (void)(cpu); VERIFY_PTR(ptr); })
#define my_cpu(var, cpu) (*my_ptr(&(var), cpu))
#define sum_of(var)				\
({						\
	typeof(var) __sum = 0;			\
	int __i;				\
	for_each_index(__i, 4)			\
		__sum += my_cpu(var, __i);	\
	__sum;					\
})

struct node { struct node *next; int *count; };

int f(int mask, struct node *head)
{
	int cpu, count = 0, i;
	struct node *p;

	for_each_cpu(cpu, mask) count++; /* { dg-warning "same line as the .for_each_cpu. loop header @loop-body@" } */
	for_each_index(i, 4) foo(); /* { dg-warning "same line as the .for_each_index. loop header @loop-body@" } */
	list_for_each(p, head) { count++; } /* { dg-warning "after .\{. on the same line as the .list_for_each. loop header @brace-body@" } */
	for_each_cpu(cpu, mask) /* { dg-bogus "Wstyle" } */
		count++;
	list_for_each(p, head) { /* { dg-bogus "Wstyle" } */
		count++;
	}
	spin_until(count > 3); /* { dg-bogus "Wstyle" } */
	forever { /* { dg-bogus "Wstyle" } */
		if (count++ > 9)
			break;
	}
	if (sum_of(*head->count) != 0 && count) /* { dg-bogus "Wstyle" } */
		return sum_of(*head->count) + 1; /* { dg-bogus "Wstyle" } */
	return count;
}
