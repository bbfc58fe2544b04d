// C++ loops: FOR_STMT, WHILE_STMT, DO_STMT and RANGE_FOR_STMT, with the
// C++ tree's locations (a do at its 'do').
// { dg-do compile }

int f(int x, int (&a)[4])
{
	do x--; while (x > 9); // { dg-warning "same line as .do. @do-body@" }
	do { x++; } while (x < 3); // { dg-warning "after .\{. on the same line as .do. @brace-body@" }
	do // { dg-bogus "Wstyle" }
		x--;
	while (x > 5);
	do { // { dg-bogus "Wstyle" }
		x--;
	} while (x > 4);
	for (int i = 0; i < 4; i++) x += a[i]; // { dg-warning "same line as the .for. loop header @loop-body@" }
	while (x > 100) x /= 2; // { dg-warning "same line as the .while. loop header @loop-body@" }
	for (int v : a) x -= v; // { dg-warning "same line as the .for. loop header @loop-body@" }
	for (int v : a) // { dg-bogus "Wstyle" }
		x += v;
	x++; x--; // { dg-warning "@multi-stmt@" }
	return x;
}
