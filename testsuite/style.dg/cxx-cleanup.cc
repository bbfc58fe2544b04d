// C++ objects with a destructor: the rest of the block after each is
// wrapped in a CLEANUP_STMT, and its statements are checked like any
// other, as in C after __attribute__((cleanup)).
// { dg-do compile }

extern void foo();
extern void bar();

struct mutex { int locked; };
extern void lock(mutex *m);
extern void unlock(mutex *m);

struct lock_guard {
	explicit lock_guard(mutex *m) : m_(m) { lock(m_); } // { dg-bogus "Wstyle" }
	~lock_guard() { unlock(m_); }
	mutex *m_;
};

struct buffer {
	buffer() : p(new char[8]) {}
	~buffer() { delete[] p; }
	char *p;
};

mutex m;

int f(int x)
{
	lock_guard g(&m); x++; // { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} }
	buffer a; buffer b; foo(); // { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} }
	if (x) bar(); // { dg-warning {statement on the same line as the 'if' condition \[-Wstyle-if-body\]} }
	{
		lock_guard h(&m);
		buffer c; x += c.p[0]; // { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} }
		foo(); // { dg-bogus "Wstyle" }
	}
	while (x > 3) { buffer d; x--; } // { dg-warning {statement after '\{' on the same line as the 'while' loop header \[-Wstyle-brace-body\]} }
	// { dg-warning {statement on the same line as the previous statement \[-Wstyle-multi-stmt\]} "" { target *-*-* } .-1 }
	lock_guard i(&m);
	return x; // { dg-bogus "Wstyle" }
}
