/* Fix-its for loops, do bodies and statements that share a line. */
extern void foo(void);
extern void bar(void);

int f(int *a, int n)
{
	int i, sum = 0;

	for (i = 0; i < n; i++) sum += a[i];
	while (n) n--;
	do sum++; while (sum < 10);
	do { sum++; } while (sum < 20);
	foo(); bar();
	if (n) foo(); bar();
	for (i = 0; i < 3; i++) { foo(); bar(); }
	switch (n) {
	case 1: foo(); break;
	}
	return sum;
}
