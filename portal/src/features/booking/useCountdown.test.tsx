import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './useCountdown';

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts 5 seconds down and calls onDone once at zero', () => {
    const onDone = vi.fn();
    const { result, rerender } = renderHook(({ paused }) => useCountdown(5, onDone, paused), {
      initialProps: { paused: false },
    });
    expect(result.current).toBe(5);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(4);
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe(1);
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(0);
    expect(onDone).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    rerender({ paused: false });
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('stops while paused', () => {
    const onDone = vi.fn();
    const { result, rerender } = renderHook(({ paused }) => useCountdown(5, onDone, paused), {
      initialProps: { paused: false },
    });
    act(() => vi.advanceTimersByTime(2000));
    rerender({ paused: true });
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(3);
    expect(onDone).not.toHaveBeenCalled();
  });
});
