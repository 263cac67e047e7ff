import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOW_CALL_MS, trackCall } from '@/lib/network-status.ts';
import {
  BACK_ONLINE_MS,
  BACK_ONLINE_TEXT,
  NetworkNotice,
  OFFLINE_TEXT,
  SLOW_TEXT,
} from './network-notice.tsx';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  act(() => onlineManager.setOnline(true));
  vi.useRealTimers();
});

describe('the network notice', () => {
  it('is an empty live region while the network is fine', () => {
    render(<NetworkNotice />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says there is no connection while offline, then that it is back, for a few seconds', () => {
    render(<NetworkNotice />);
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
    expect(OFFLINE_TEXT).toBe('Sem conexão. Tentando de novo...');

    act(() => onlineManager.setOnline(true));
    expect(screen.getByRole('status')).toHaveTextContent(BACK_ONLINE_TEXT);
    expect(BACK_ONLINE_TEXT).toBe('Conexão restabelecida.');
    act(() => vi.advanceTimersByTime(BACK_ONLINE_MS));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says a call is slow after a few seconds, and nothing once it has answered', () => {
    render(<NetworkNotice />);
    const settled = trackCall();
    act(() => vi.advanceTimersByTime(SLOW_CALL_MS - 1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent(SLOW_TEXT);
    expect(SLOW_TEXT).toBe('A conexão está lenta. Aguarde...');
    act(() => settled());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('keeps saying there is no connection when it drops again while "back" shows', () => {
    render(<NetworkNotice />);
    act(() => onlineManager.setOnline(false));
    act(() => onlineManager.setOnline(true));
    act(() => onlineManager.setOnline(false));
    act(() => vi.advanceTimersByTime(BACK_ONLINE_MS));
    expect(screen.getByRole('status')).toHaveTextContent(OFFLINE_TEXT);
  });

  it('says nothing about the connection coming back when it was never lost', () => {
    render(<NetworkNotice />);
    const settled = trackCall();
    act(() => vi.advanceTimersByTime(SLOW_CALL_MS));
    act(() => settled());
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
