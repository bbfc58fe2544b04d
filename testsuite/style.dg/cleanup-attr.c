/* Declarations with a cleanup: GCC puts the rest of the block after each
   in a try/finally, and the statements there are checked like any other:
   the plain attribute, the kernel's guard(), __free() and scoped_guard()
   (as in 6.12's include/linux/cleanup.h), several in a row.  */
/* { dg-do compile } */
#include "style-common.h"

#define __cleanup(func) __attribute__((__cleanup__(func)))
#define ___PASTE(a, b) a##b
#define __PASTE(a, b) ___PASTE(a, b)
#define __UNIQUE_ID(prefix) __PASTE(__PASTE(__UNIQUE_ID_, prefix), __COUNTER__)

#define DEFINE_FREE(_name, _type, _free) \
	static inline void __free_##_name(void *p) { _type _T = *(_type *)p; _free; }
#define __free(_name) __cleanup(__free_##_name)

#define DEFINE_CLASS(_name, _type, _exit, _init, _init_args...)		\
typedef _type class_##_name##_t;					\
static inline void class_##_name##_destructor(_type *p)			\
{ _type _T = *p; _exit; }						\
static inline _type class_##_name##_constructor(_init_args)		\
{ _type t = _init; return t; }
#define CLASS(_name, var)						\
	class_##_name##_t var __cleanup(class_##_name##_destructor) =	\
		class_##_name##_constructor
#define DEFINE_GUARD(_name, _type, _lock, _unlock) \
	DEFINE_CLASS(_name, _type, if (_T) { _unlock; }, ({ _lock; _T; }), _type _T); \
	static inline void *class_##_name##_lock_ptr(class_##_name##_t *_T) \
	{ return (void *)(unsigned long)*_T; }
#define guard(_name) CLASS(_name, __UNIQUE_ID(guard))
#define __scoped_guard(_name, _label, args...)				\
	for (CLASS(_name, scope)(args);					\
	     class_##_name##_lock_ptr(&scope);				\
	     ({ goto _label; }))					\
		if (0) {						\
_label:									\
			break;						\
		} else
#define scoped_guard(_name, args...) \
	__scoped_guard(_name, __UNIQUE_ID(label), args)

struct mutex { int locked; };
extern void mutex_lock(struct mutex *m);
extern void mutex_unlock(struct mutex *m);
extern void kfree(const void *p);
extern void *kmalloc(unsigned long size);
static void put_int(int *p) { (void)p; }

DEFINE_FREE(kfree, void *, if (_T) kfree(_T))
DEFINE_GUARD(mutex, struct mutex *, mutex_lock(_T), mutex_unlock(_T))

struct mutex lock;

int plain(int x)
{
	int a __attribute__((cleanup(put_int))) = 1; foo(); /* { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} } */
	int b __cleanup(put_int) = 2; x++; /* { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} } */
	if (x) foo(); /* { dg-warning {statement on the same line as the 'if' condition \[-Wstyle-if-body\]} } */
	x += a + b; /* { dg-bogus "Wstyle" } */
	return x;
}

/* Several in a row, then a statement on the line of the last.  */
int several(int x)
{
	int a __cleanup(put_int) = 1;
	int b __cleanup(put_int) = 2;
	int c __cleanup(put_int) = 3; x += a + b + c; /* { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} } */
	int d __cleanup(put_int) = 4, e __cleanup(put_int) = 5; foo(); /* { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} } */
	bar(); baz(d + e); /* { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} } */
	return x;
}

int guarded(int x)
{
	guard(mutex)(&lock); x++; /* { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} } */
	guard(mutex)(&lock);
	if (x) /* { dg-bogus "Wstyle" } */
		foo();
	while (x) x--; /* { dg-warning {statement on the same line as the 'while' loop header \[-Wstyle-loop-body\]} } */
	return x;
}

int freed(int x)
{
	void *p __free(kfree) = kmalloc(16); foo(); /* { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} } */
	char *q __free(kfree) = kmalloc(8);
	if (!p || !q) return -1; /* { dg-warning {statement on the same line as the 'if' condition \[-Wstyle-if-body\]} } */
	return x;
}

int scoped(int x)
{
	scoped_guard(mutex, &lock) x++; /* { dg-warning {statement on the same line as the 'scoped_guard' loop header \[-Wstyle-loop-body\]} } */
	scoped_guard(mutex, &lock) /* { dg-bogus "Wstyle" } */
		x++;
	scoped_guard(mutex, &lock) {
		int y __cleanup(put_int) = x; bar(); /* { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} } */
		x += y;
	}
	return x;
}

/* In nested blocks, and after a label.  */
int nested(int x)
{
	if (x) {
		int a __cleanup(put_int) = x;
		{ int b __cleanup(put_int) = a; foo(); } /* { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} } */
		foo(); bar(); /* { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} } */
	}
out:
	{
		int c __cleanup(put_int) = x;
		x += c; /* { dg-bogus "Wstyle" } */
	}
	return x;
}

/* A statement expression with a cleanup: its rest of block is wrapped
   too; the inside of ({ }) is an expression, the statements around it
   are checked.  */
int stmt_expr(int x)
{
	int y = ({ int t __cleanup(put_int) = x; foo(); t; }); bar(); /* { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} } */
	y += ({
		int t __cleanup(put_int) = x;
		if (t) foo(); /* { dg-warning {statement on the same line as the 'if' condition \[-Wstyle-if-body\]} } */
		t;
	});
	return y;
}

/* Good style with cleanups: nothing said.  */
int good(int x)
{
	int a __cleanup(put_int) = x; /* { dg-bogus "Wstyle" } */
	guard(mutex)(&lock); /* { dg-bogus "Wstyle" } */
	void *p __free(kfree) = kmalloc(4); /* { dg-bogus "Wstyle" } */

	foo(); /* { dg-bogus "Wstyle" } */
	return a + !p;
}
