/** The mails of the account life cycle (verification, password reset) in the four UI languages. */
import type { MailLang } from '../notify/texts.js';

export type AccountMailKind = 'verify' | 'reset';

interface Texts { subject: string; body: string; action: string; ignore: string }

const T: Record<MailLang, Record<AccountMailKind, Texts>> = {
  en: {
    verify: { subject: 'Confirm your email address for Tabula', body: 'The Tabula account "{name}" wants to receive mail at this address. Confirm that it is yours:', action: 'Confirm the address', ignore: 'If you did not ask for this, ignore this mail: nothing more will be sent here.' },
    reset: { subject: 'Reset your Tabula password', body: 'Someone asked to reset the password of the Tabula account "{name}". Choose a new password here (the link works once, for one hour):', action: 'Choose a new password', ignore: 'If you did not ask for this, ignore this mail: your password stays as it is.' },
  },
  de: {
    verify: { subject: 'Bestätige deine E-Mail-Adresse für Tabula', body: 'Das Tabula-Konto „{name}“ möchte Mail an diese Adresse bekommen. Bestätige, dass sie dir gehört:', action: 'Adresse bestätigen', ignore: 'Wenn du das nicht angefordert hast, ignoriere diese Mail: Hierher wird nichts weiter geschickt.' },
    reset: { subject: 'Setze dein Tabula-Passwort zurück', body: 'Jemand möchte das Passwort des Tabula-Kontos „{name}“ zurücksetzen. Hier wählst du ein neues (der Link gilt einmal, eine Stunde lang):', action: 'Neues Passwort wählen', ignore: 'Wenn du das nicht angefordert hast, ignoriere diese Mail: Dein Passwort bleibt, wie es ist.' },
  },
  es: {
    verify: { subject: 'Confirma tu dirección de correo para Tabula', body: 'La cuenta de Tabula «{name}» quiere recibir correo en esta dirección. Confirma que es tuya:', action: 'Confirmar la dirección', ignore: 'Si no lo has pedido tú, ignora este correo: no se enviará nada más aquí.' },
    reset: { subject: 'Restablece tu contraseña de Tabula', body: 'Alguien ha pedido restablecer la contraseña de la cuenta de Tabula «{name}». Elige una nueva aquí (el enlace sirve una vez, durante una hora):', action: 'Elegir una contraseña nueva', ignore: 'Si no lo has pedido tú, ignora este correo: tu contraseña sigue igual.' },
  },
  'zh-Hans': {
    verify: { subject: '确认你在Tabula的邮箱地址', body: 'Tabula账户“{name}”希望在此地址接收邮件。请确认这是你的地址：', action: '确认地址', ignore: '如果这不是你的请求，请忽略此邮件：此地址不会再收到任何邮件。' },
    reset: { subject: '重置你的Tabula密码', body: '有人请求重置Tabula账户“{name}”的密码。请在此设置新密码（链接仅可使用一次，一小时内有效）：', action: '设置新密码', ignore: '如果这不是你的请求，请忽略此邮件：你的密码保持不变。' },
  },
};

const esc = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export function renderAccountMail(kind: AccountMailKind, lang: MailLang, name: string, link: string): { subject: string; text: string; html: string } {
  const t = T[lang][kind];
  const body = t.body.replace('{name}', name);
  return {
    subject: t.subject,
    text: `${body}\n\n${link}\n\n${t.ignore}\n`,
    html: `<!doctype html><html lang="${lang}"><body><p>${esc(body)}</p><p><a href="${esc(link)}">${esc(t.action)}</a></p><p>${esc(t.ignore)}</p></body></html>`,
  };
}
