// @vitest-environment happy-dom
/**
 * The landing page's placeholder (shopper-screens §4 "rotates every 2.5 s with a 300 ms fade", §9):
 * each text stays 2.5 s, fades for 300 ms, and the next one follows, back to the first at the end.
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRotatingPlaceholder } from './rotating-placeholder.hook';

afterEach(() => vi.useRealTimers());

describe('rotating placeholder', () => {
  it('shows each text for 2.5 s, fades it for 300 ms, then shows the next, in a cycle', () => {
    vi.useFakeTimers();
    const texts = ['air fryer', 'yoga mat', 'kettle'];
    const { result } = renderHook(() => useRotatingPlaceholder(texts));
    expect(result.current).toEqual({ text: 'air fryer', visible: true });

    act(() => vi.advanceTimersByTime(2499));
    expect(result.current).toEqual({ text: 'air fryer', visible: true });
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toEqual({ text: 'air fryer', visible: false });
    act(() => vi.advanceTimersByTime(300));
    expect(result.current).toEqual({ text: 'yoga mat', visible: true });

    act(() => vi.advanceTimersByTime(2500 * 2));
    expect(result.current.text).toBe('air fryer');
  });

  it('stays still with one text and stops when unmounted', () => {
    vi.useFakeTimers();
    const one = renderHook(() => useRotatingPlaceholder(['kettle']));
    act(() => vi.advanceTimersByTime(10_000));
    expect(one.result.current).toEqual({ text: 'kettle', visible: true });

    const many = renderHook(() => useRotatingPlaceholder(['a', 'b']));
    many.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
