// A violation in a template is reported once, however many times the
// template is instantiated (the check of duplicates in style.exp sees
// a second report; dg-warning alone would not).
// { dg-do compile }
#include "style-common.h"
#include "bad-style.h"

template <typename T>
T twice(T x)
{
	if (x) foo(); // { dg-warning "same line as the .if. condition @if-body@" }
	return x + x;
}

template <typename T>
struct box {
	T v;
	T get()
	{
		if (v) bar(); // { dg-warning "same line as the .if. condition @if-body@" }
		return v;
	}
};

// A header's inline function, called from several functions.
int one(int a)
{
	return bad_style(a) + twice(a) + box<int>{a}.get();
}

long two(long a)
{
	return bad_style((int)a) + twice(a) + box<long>{a}.get();
}

double three(double a)
{
	return bad_style((int)a) + twice(a) + box<double>{a}.get();
}

// { dg-message "bad-style.h:4: warning: statement on the same line as the .if. condition @if-body@" "" { target *-*-* } 0 }
