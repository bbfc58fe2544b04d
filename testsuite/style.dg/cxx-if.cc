// C++: the same rules, for if statements that cc1plus parses.
// { dg-do compile }
// { dg-options "-std=gnu++17" }
extern void foo();
extern void bar();

template <typename T> int g(T x)
{
	if (x) return 1; // { dg-warning "same line as the .if. condition @if-body@" }
	return 0;
}

int f(int x)
{
	if (x) foo(); else bar(); // { dg-warning "same line as the .if. condition @if-body@" }
	// { dg-warning "same line as .else. @else-body@" "" { target *-*-* } .-1 }
	if constexpr (sizeof(int) == 4) foo(); // { dg-warning "same line as the .if. condition @if-body@" }
	if (x) { foo(); } // { dg-warning "after .\{. on the same line as the .if. condition @brace-body@" }
	if (int y = x + 1; y > 2) return y; // { dg-warning "same line as the .if. condition @if-body@" }
	auto l = [](int v) { if (v) return 1; return 2; }; // { dg-warning "same line as the .if. condition @if-body@" }
	// { dg-warning "same line as the previous statement @multi-stmt@" "" { target *-*-* } .-1 }
	if (x) // { dg-bogus "Wstyle" }
		foo();
	else if (x > 1) // { dg-bogus "Wstyle" }
		bar();
	// Two instantiations of g, one warning.
	return g(x) + g(1.0) + l(x);
}
