import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Lang } from './i18n/index.js';
import { api, getAuth, onAuthChange } from './api/client.js';
import { Link, onNavigate, setTitleHeading, usePath } from './router.js';
import { SignIn } from './pages/SignIn.js';
import { Lobby } from './pages/Lobby.js';
import { gameIds, manifestOf } from './games.js';
import { gameName } from './labels.js';
import { quickStart } from './local/quick.js';
import { NotificationBell, useLanguageSync, useNotifications } from './components/Notifications.js';
import { refreshStanding, useStanding } from './api/moderation.js';
import { OfflineNotice } from './pwa/OfflineNotice.js';
import { lazyNamed } from './lazy.js';

// The first visit loads the home page, the lobby and signing in; every other page is a chunk loaded when
// it is opened (the service worker precaches them all for offline use).
const NewGame = lazyNamed(() => import('./pages/NewGame.js'), 'NewGame');
const OnlineGame = lazyNamed(() => import('./pages/OnlineGame.js'), 'OnlineGame');
const LocalSetup = lazyNamed(() => import('./pages/LocalSetup.js'), 'LocalSetup');
const LocalGame = lazyNamed(() => import('./pages/LocalGame.js'), 'LocalGame');
const LocalReplay = lazyNamed(() => import('./pages/Replay.js'), 'LocalReplay');
const OnlineReplay = lazyNamed(() => import('./pages/Replay.js'), 'OnlineReplay');
const Rules = lazyNamed(() => import('./pages/Rules.js'), 'Rules');
const Tutorial = lazyNamed(() => import('./pages/Tutorial.js'), 'Tutorial');
const Profile = lazyNamed(() => import('./pages/Profile.js'), 'Profile');
const Leaderboard = lazyNamed(() => import('./pages/Profile.js'), 'Leaderboard');
const Settings = lazyNamed(() => import('./pages/Settings.js'), 'Settings');
const VerifyEmail = lazyNamed(() => import('./pages/Account.js'), 'VerifyEmail');
const ResetPassword = lazyNamed(() => import('./pages/Account.js'), 'ResetPassword');
const Moderation = lazyNamed(() => import('./pages/Moderation.js'), 'Moderation');
const Tournaments = lazyNamed(() => import('./pages/Tournaments.js'), 'Tournaments');
const NewTournament = lazyNamed(() => import('./pages/Tournaments.js'), 'NewTournament');
const Tournament = lazyNamed(() => import('./pages/Tournament.js'), 'Tournament');
const StandingNotices = lazyNamed(() => import('./components/Safety.js'), 'StandingNotices');

// The service worker's registration and update prompt (workbox-window): a chunk of its own, after the page.
const UpdatePrompt = lazy(() => import('./pwa/UpdatePrompt.js'));

function Welcome() {
  const { t } = useTranslation();
  return (
    <div className="narrow welcome">
      <h1>{t('home.title')}</h1>
      <p>{t('home.intro')}</p>
      <ul className="game-cards">
        {gameIds().map((id) => (
          <li key={id} className="card">
            <h2>{gameName(t, id)}</h2>
            <p className="muted">{t(`rules.${id}.summary`)}</p>
            <div className="card-actions">
              <button type="button" className="primary" data-testid={`quick-bot-${id}`} onClick={() => void quickStart(id, 'bot')}>{t('home.vsBot')}</button>
              <button type="button" data-testid={`quick-hotseat-${id}`} onClick={() => void quickStart(id, 'hotseat')}>{t('home.hotseat')}</button>
              <Link to={`/new?game=${id}`} className="button" data-testid={`quick-online-${id}`}>{t('home.playOnline')}</Link>
              <Link to={`/rules/${id}`} className="small">{t('nav.rules')}</Link>
              {manifestOf(id)?.tutorials && <Link to={`/learn/${id}`} className="small" data-testid={`learn-${id}`}>{t('learn.link')}</Link>}
            </div>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <Link to="/local" className="button" data-testid="play-local">{t('home.playLocal')}</Link>
        <Link to="/signin" className="button" data-testid="go-signin">{t('home.playOnline')}</Link>
        <Link to="/rules" className="button">{t('nav.rules')}</Link>
      </div>
    </div>
  );
}

/**
 * Keeps the document title on the page's <h1> and, after a route change, moves focus to that heading
 * (once it has rendered: pages may load first) and announces it politely, unless the new page put
 * focus somewhere itself. Focus waits on <main> meanwhile, so it never falls to <body>.
 */
function PageFocus({ main }: { main: RefObject<HTMLElement | null> }) {
  const [said, setSaid] = useState('');
  useEffect(() => {
    const el = main.current;
    if (!el) return;
    let pending = false;
    let stale: Element | null = null; // the old page's heading, until the new page replaces it
    let last = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    let focused: Element | null = null; // the heading this component last gave focus to
    const check = (settled = false) => {
      const h1 = el.querySelector('h1');
      const text = h1?.textContent?.trim() ?? '';
      if (text !== last) { last = text; setTitleHeading(text); }
      if (pending && h1 && text && (h1 !== stale || settled)) {
        pending = false;
        h1.tabIndex = -1;
        h1.focus({ preventScroll: true });
        focused = h1;
        setSaid(text);
      } else if (!pending && focused && !focused.isConnected && h1 && text && (document.activeElement === document.body || document.activeElement === null)) {
        // The page drew itself again after its heading took focus (a part of it loaded later and replaced it
        // for a moment): focus goes to the new heading rather than falling to <body>.
        h1.tabIndex = -1;
        h1.focus({ preventScroll: true });
        focused = h1;
        setSaid(text);
      }
    };
    const observer = new MutationObserver(() => check());
    observer.observe(el, { childList: true, subtree: true, characterData: true });
    const offNav = onNavigate(() => {
      pending = true;
      stale = el.querySelector('h1');
      setSaid('');
      // Wait on <main> if the old page's element with focus goes away.
      queueMicrotask(() => { if (pending && (document.activeElement === document.body || !document.activeElement?.isConnected)) el.focus({ preventScroll: true }); });
      // A route that keeps its page component (and so its heading element) settles without new nodes.
      clearTimeout(timer);
      timer = setTimeout(() => check(true), 400);
    });
    const focusIn = (e: FocusEvent) => {
      // The new page chose where focus goes (autofocus, a board's own focus): leave it there.
      if (pending && e.target instanceof Element && e.target !== el && el.contains(e.target) && !e.target.matches('h1')) pending = false;
    };
    el.addEventListener('focusin', focusIn);
    check();
    return () => { observer.disconnect(); offNav(); clearTimeout(timer); el.removeEventListener('focusin', focusIn); };
  }, [main]);
  return <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="page-announce">{said}</div>;
}

function Page() {
  const { path, query } = usePath();
  const [auth, setAuthState] = useState(getAuth());
  useEffect(() => onAuthChange(() => setAuthState(getAuth())), []);
  let m: RegExpMatchArray | null;
  if (path === '/signin') return <SignIn next={query.get('next') ?? undefined} />;
  if (path === '/verify') return <VerifyEmail token={query.get('token') ?? ''} />;
  if (path === '/reset') return <ResetPassword token={query.get('token') ?? ''} />;
  if (path === '/local') return <LocalSetup />;
  if (path === '/local/play') return <LocalGame />;
  if (path === '/local/replay') return <LocalReplay />;
  if (path === '/rules') return <Rules />;
  if ((m = path.match(/^\/rules\/([\w-]+)$/))) return <Rules gameId={m[1]} />;
  if ((m = path.match(/^\/learn\/([\w-]+)$/))) return <Tutorial key={m[1]} gameId={m[1]!} />;
  if ((m = path.match(/^\/games\/([^/]+)\/replay$/))) return <OnlineReplay id={decodeURIComponent(m[1]!)} />;
  if ((m = path.match(/^\/games\/([^/]+)$/))) return <OnlineGame key={m[1]} id={decodeURIComponent(m[1]!)} />;
  if ((m = path.match(/^\/u\/([^/]+)$/))) return <Profile key={m[1]} name={decodeURIComponent(m[1]!)} />;
  if ((m = path.match(/^\/ratings\/([\w-]+)$/))) return <Leaderboard key={m[1]} game={m[1]!} />;
  if (path === '/ratings') return <Leaderboard />;
  if (path === '/tournaments') return <Tournaments />;
  if (path === '/tournaments/new') return auth ? <NewTournament /> : <SignIn next="/tournaments/new" />;
  if ((m = path.match(/^\/tournaments\/([^/]+)$/))) return <Tournament key={m[1]} id={decodeURIComponent(m[1]!)} />;
  if (path === '/new') return auth ? <NewGame /> : <SignIn next={`/new${location.search}`} />;
  if (path === '/settings') return auth ? <Settings /> : <SignIn next="/settings" />;
  if (path === '/moderation') return auth ? <Moderation /> : <SignIn next="/moderation" />;
  return auth ? <Lobby /> : <Welcome />;
}

export function App() {
  const { t, i18n } = useTranslation();
  const [auth, setAuthState] = useState(getAuth());
  useEffect(() => onAuthChange(() => setAuthState(getAuth())), []);
  const { path } = usePath();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [path]);
  const main = useRef<HTMLElement>(null);
  // Notifications: the unread badge and list (per-user socket), and the language mail is written in.
  const notes = useNotifications(auth !== null);
  useLanguageSync(auth !== null, i18n.resolvedLanguage ?? i18n.language);
  // Moderator or not, a chat mute, a moderator's notices: read on load and whenever the user socket says so.
  const standing = useStanding();
  useEffect(refreshStanding, []);
  return (
    <>
      <a href="#main" className="skip">{t('nav.skip')}</a>
      <header className={`top${menuOpen ? ' menu-open' : ''}`}>
        <Link to="/" className="brand">Tabula</Link>
        {/* Phones: the links, the language and the account fold into one menu (styles.css); wider screens show them in the row. */}
        <button type="button" className="menu-toggle small" aria-expanded={menuOpen} aria-controls="top-menu" onClick={() => setMenuOpen((o) => !o)} data-testid="menu-toggle">
          <span aria-hidden="true">☰</span> {t('nav.menu')}
        </button>
        {auth && <span className="bell-slot"><NotificationBell state={notes} /></span>}
        {!auth && <Link to="/signin" className="button small signin-slot" data-testid="nav-signin">{t('auth.signIn')}</Link>}
        <div className="top-menu" id="top-menu">
          <nav aria-label={t('nav.main')}>
            <Link to="/">{auth ? t('nav.lobby') : t('nav.home')}</Link>
            <Link to="/local" data-testid="nav-local">{t('nav.local')}</Link>
            <Link to="/rules">{t('nav.rules')}</Link>
            <Link to="/tournaments" data-testid="nav-tournaments">{t('nav.tournaments')}</Link>
            <Link to="/ratings" data-testid="nav-leaderboard">{t('nav.leaderboard')}</Link>
            {auth && standing?.moderator && <Link to="/moderation" data-testid="nav-moderation">{t('nav.moderation')}</Link>}
          </nav>
          <span className="spacer" />
          <label className="lang">
            <span className="sr-only">{t('nav.language')}</span>
            <select value={i18n.resolvedLanguage ?? i18n.language} onChange={(e) => setLanguage(e.target.value as Lang)} data-testid="lang" aria-label={t('nav.language')}>
              {LANGUAGES.map((l) => <option key={l.code} value={l.code} lang={l.code}>{l.label}</option>)}
            </select>
          </label>
          {auth && (
            <span className="who"><Link to="/settings" className="small" data-testid="nav-settings">{t('nav.settings')}</Link> <Link to={`/u/${encodeURIComponent(auth.name)}`} className="muted" data-testid="nav-profile">{auth.name}</Link> <button type="button" className="small" onClick={() => api.signOut()}>{t('auth.signOut')}</button></span>
          )}
        </div>
      </header>
      <Suspense fallback={null}><UpdatePrompt /></Suspense>
      <OfflineNotice path={path} />
      <main id="main" tabIndex={-1} ref={main}>
        {auth && <Suspense fallback={null}><StandingNotices /></Suspense>}
        {/* While a page's chunk loads, the same line the pages show while their data loads. */}
        <Suspense fallback={<p className="muted">{t('common.loading')}</p>}><Page /></Suspense>
      </main>
      <PageFocus main={main} />
    </>
  );
}
