/* A macro that expands to nothing is still written on the line.  */
/* { dg-do compile } */
#define NOTHING
#define barrier() __asm__ __volatile__("" ::: "memory")

void f(int x)
{
	if (x) barrier(); /* { dg-warning "@if-body@" } */
	if (x) NOTHING; /* { dg-warning "@if-body@" } */
}
