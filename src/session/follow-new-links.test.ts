import { describe, expect, it, vi } from 'vitest';
import { followNewChatLinks } from './follow-new-links.ts';

function fakeWindow(hash: string) {
  const listeners: (() => void)[] = [];
  const target = {
    location: { hash, reload: vi.fn() },
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'hashchange') listeners.push(listener);
    },
  };
  const fire = () => {
    for (const listener of listeners) listener();
  };
  return { target, fire };
}

describe('a chat link opened in a tab that already shows the storefront', () => {
  it('loads the page again so the new session starts', () => {
    const { target, fire } = fakeWindow('#demo-limites');
    followNewChatLinks(target as never);
    fire();
    expect(target.location.reload).toHaveBeenCalledOnce();
  });

  it('also for a hostile code, which then goes to invalid-session', () => {
    const { target, fire } = fakeWindow('#%E0%A4%A');
    followNewChatLinks(target as never);
    fire();
    expect(target.location.reload).toHaveBeenCalledOnce();
  });

  it('ignores an empty hash', () => {
    const { target, fire } = fakeWindow('');
    followNewChatLinks(target as never);
    fire();
    expect(target.location.reload).not.toHaveBeenCalled();
  });
});
