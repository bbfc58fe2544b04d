// C++: a constructor is walked once, not again as its clones, whose
// bodies GCC copies from it after genericizing it: a "for (int i = 0;"
// is then a declaration, a goto and an if at the condition, which looked
// like two statements on the for's line.  Real violations in
// constructors and destructors are still found, once.
// { dg-do compile }
extern void foo();

template <unsigned int N> struct box {
	int c[N];
	box(int x)
	{
		for (unsigned int i = 1; i < N; i++) // no warning
			c[i] = x;
		if (x) foo(); // { dg-warning "same line as the .if. condition @if-body@" }
	}
};

struct pair {
	int c[2];
	pair(int x)
	{
		for (int i = 0; i < 2; i++) // no warning
			c[i] = x;
		c[0] = 1; c[1] = 2; // { dg-warning "same line as the previous statement @multi-stmt@" }
	}
	~pair()
	{
		for (int i = 0; i < 2; i++) // no warning
			c[i] = 0;
		if (c[0]) foo(); // { dg-warning "same line as the .if. condition @if-body@" }
	}
};

box<2> b(1);

int use(int x)
{
	pair p(x);

	return p.c[0];
}
