// Web Push on this device: subscribes through the service worker with the server's VAPID key and registers
// the subscription with the server; the server's list of devices, and removing one.
import type { PushSubscriptionOutT } from '@tabula/protocol';
import { request } from '../api/client.js';

export const pushApi = {
  list: async () => (await request<{ subscriptions: PushSubscriptionOutT[] }>('GET', '/push/subscriptions')).subscriptions,
  remove: (id: string) => request<null>('DELETE', `/push/subscriptions/${encodeURIComponent(id)}`),
};

export function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && typeof Notification !== 'undefined';
}

/** "Chrome on Android": how Settings names this device (from the user agent; the player may have several). */
export function deviceLabel(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : '';
  return os ? `${browser} · ${os}` : browser;
}

const HERE = 'tabula.pushDevice';
/** The server's id of this device's subscription (kept when it subscribed). */
export function thisDeviceId(): string | null {
  try { return localStorage.getItem(HERE); } catch { return null; }
}

/** Asks the browser's permission, subscribes and tells the server; returns the server's entry. */
export async function subscribeThisDevice(): Promise<PushSubscriptionOutT | 'denied'> {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const reg = await navigator.serviceWorker.ready;
  const { publicKey } = await request<{ publicKey: string }>('GET', '/push/key');
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const sub = (await reg.pushManager.getSubscription()) ?? await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const saved = await request<PushSubscriptionOutT>('POST', '/push/subscriptions', { ...sub.toJSON(), label: deviceLabel() });
  try { localStorage.setItem(HERE, saved.id); } catch { /* storage blocked: the list just does not mark it */ }
  return saved;
}
