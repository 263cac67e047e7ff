import { describe, expect, it } from 'vitest';
import { chatAppExtensionOn } from './chat-app-switch.ts';

describe('SANDBOX_CHAT_APP', () => {
  it('leaves the chat app extensions on unless it says off', () => {
    expect(chatAppExtensionOn({})).toBe(true);
    expect(chatAppExtensionOn({ SANDBOX_CHAT_APP: '' })).toBe(true);
    expect(chatAppExtensionOn({ SANDBOX_CHAT_APP: 'on' })).toBe(true);
    for (const off of ['off', 'OFF', ' false ', '0', 'no']) {
      expect(chatAppExtensionOn({ SANDBOX_CHAT_APP: off }), off).toBe(false);
    }
  });
});
