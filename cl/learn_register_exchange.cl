// The Learn tab's register-exchange FFT (after Bainville): one work-group of T work-items computes a
// whole N-point radix-2 DIF; work-item t keeps R = N/T values in registers and trades them with the others
// through local memory. `stop_after` ends the computation after that stage, and every work-item writes its
// registers to their positions (y) and says who held them (holders = t * R + register), so the host can
// show exactly what the kernel did. Built with -D LOG2_N=... -D LOG2_R=...
//
// Layout: register slot j stands for position bit reg_bit[j], work-item bit i for item_bit[i]. Stages are
// done in groups of log2 R, entirely in registers; before each group the bits it needs are traded in
// (engine/src/learn/Schedule.cpp builds the same layout for the diagrams).

#define N (1 << LOG2_N)
#define R (1 << LOG2_R)
#define ITEM_BITS (LOG2_N - LOG2_R)

float2 complex_mul(float2 a, float2 b)
{
  return (float2)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

int position_of(int t, int m, const int* reg_bit, const int* item_bit)
{
  int p = 0;
  for (int j = 0; j < LOG2_R; ++j) p |= ((m >> j) & 1) << reg_bit[j];
  for (int i = 0; i < ITEM_BITS; ++i) p |= ((t >> i) & 1) << item_bit[i];
  return p;
}

int item_of(int p, const int* item_bit)
{
  int t = 0;
  for (int i = 0; i < ITEM_BITS; ++i) t |= ((p >> item_bit[i]) & 1) << i;
  return t;
}

int slot_of(int p, const int* reg_bit)
{
  int m = 0;
  for (int j = 0; j < LOG2_R; ++j) m |= ((p >> reg_bit[j]) & 1) << j;
  return m;
}

// Register slot j takes over bit lowest + j; the work-item bit that held it takes the slot's old bit.
void trade_bits(int* reg_bit, int* item_bit, int lowest, int count)
{
  for (int j = 0; j < count; ++j) {
    const int wanted = lowest + j;
    if (reg_bit[j] == wanted) continue;
    for (int i = 0; i < ITEM_BITS; ++i)
      if (item_bit[i] == wanted) item_bit[i] = reg_bit[j];
    reg_bit[j] = wanted;
  }
}

// Values whose work-item changes go through local memory (written by the old holder, read by the new);
// the rest move between registers of the same work-item. Both barriers are reached by every work-item.
void exchange(float2* reg, int t, __local float2* shared_values, const int* old_reg, const int* old_item,
              const int* new_reg, const int* new_item)
{
  for (int m = 0; m < R; ++m) {
    const int p = position_of(t, m, old_reg, old_item);
    if (item_of(p, new_item) != t) shared_values[p] = reg[m];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float2 next[R];
  for (int m = 0; m < R; ++m) {
    const int p = position_of(t, m, new_reg, new_item);
    next[m] = item_of(p, old_item) == t ? reg[slot_of(p, old_reg)] : shared_values[p];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int m = 0; m < R; ++m) reg[m] = next[m];
}

// DIF stage on position bit b, done on register pairs that differ in register slot `slot`.
void butterflies(float2* reg, int t, int b, int slot, const int* reg_bit, const int* item_bit,
                 __global const float2* w)
{
  const int h = 1 << b;
  for (int m = 0; m < R; ++m) {
    if (m & (1 << slot)) continue;
    const int p = position_of(t, m, reg_bit, item_bit);
    const float2 u = reg[m], v = reg[m | (1 << slot)];
    reg[m] = u + v;
    reg[m | (1 << slot)] = complex_mul(u - v, w[(p & (h - 1)) << (LOG2_N - b - 1)]);
  }
}

__kernel void learn_register_exchange(__global const float2* x, __global float2* y, __global int* holders,
                                      __global const float2* w, __local float2* shared_values, int stop_after)
{
  const int t = get_local_id(0);
  int reg_bit[LOG2_R + 1], item_bit[ITEM_BITS + 1]; // +1: no zero-length arrays when T = 1
  for (int j = 0; j < LOG2_R; ++j) reg_bit[j] = ITEM_BITS + j;
  for (int i = 0; i < ITEM_BITS; ++i) item_bit[i] = i;

  float2 reg[R];
  for (int m = 0; m < R; ++m) reg[m] = x[position_of(t, m, reg_bit, item_bit)];

  for (int stage = 1; stage <= stop_after; ++stage) {
    const int b = LOG2_N - stage;
    if (stage > 1 && (stage - 1) % LOG2_R == 0) {
      int old_reg[LOG2_R + 1], old_item[ITEM_BITS + 1];
      for (int j = 0; j < LOG2_R; ++j) old_reg[j] = reg_bit[j];
      for (int i = 0; i < ITEM_BITS; ++i) old_item[i] = item_bit[i];
      const int lowest = max(0, b - LOG2_R + 1);
      trade_bits(reg_bit, item_bit, lowest, b - lowest + 1);
      exchange(reg, t, shared_values, old_reg, old_item, reg_bit, item_bit);
    }
    int slot = 0;
    while (reg_bit[slot] != b) ++slot;
    butterflies(reg, t, b, slot, reg_bit, item_bit, w);
  }

  for (int m = 0; m < R; ++m) {
    const int p = position_of(t, m, reg_bit, item_bit);
    y[p] = reg[m];
    holders[p] = t * R + m;
  }
}
