// The page's client of kishi serve's JSON API (docs/serve.md). The token of
// the page's URL (?token=...) goes with every call: as the X-Kishi-Token
// header on fetch, as ?token= on the EventSource URL (it cannot set headers).
const TOKEN = new URLSearchParams(location.search).get('token');

// The server's own words (it names what was wrong), without the request,
// which stays in `request` for the status line's tooltip and the console.
export class ApiError extends Error {
  constructor(status, message, request) {
    super(message);
    this.status = status;
    this.request = request;
  }
}

async function call(method, path, body) {
  // The server takes a POST only as JSON (so that no other site's form can
  // post to it): undo and resign send an empty object.
  if (method === 'POST' && body === undefined) body = {};
  const headers = {};
  if (TOKEN) headers['X-Kishi-Token'] = TOKEN;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response;
  try {
    response = await fetch(path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, 'the server cannot be reached: is kishi serve running?', `${method} ${path}: ${e.message}`);
  }
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try { message = JSON.parse(text).error || text; } catch { /* not JSON */ }
    throw new ApiError(response.status, message || `the server answered ${response.status}`,
      `${method} ${path}: ${response.status}`);
  }
  return text;
}

async function callJson(method, path, body) {
  return JSON.parse(await call(method, path, body));
}

export const api = {
  info: () => callJson('GET', '/api/info'),
  newGame: (fields) => callJson('POST', '/api/games', fields),
  game: (id) => callJson('GET', `/api/games/${id}`),
  move: (id, move) => callJson('POST', `/api/games/${id}/move`, { move }),
  undo: (id) => callJson('POST', `/api/games/${id}/undo`),
  resign: (id) => callJson('POST', `/api/games/${id}/resign`),
  positions: (id) => callJson('GET', `/api/games/${id}/positions`),
  analyse: (id, playouts) => callJson('POST', `/api/games/${id}/analysis`, { playouts }),
  record: (id, format) => call('GET', `/api/games/${id}/record?format=${encodeURIComponent(format)}`),
};

// Follows a game's server-sent events; onState(state) and onInfo(info) get the
// parsed JSON. EventSource reconnects by itself; onError tells the page.
export function followGame(id, { onState, onInfo, onError, onOpen }) {
  const url = `/api/games/${id}/events` + (TOKEN ? `?token=${encodeURIComponent(TOKEN)}` : '');
  const source = new EventSource(url);
  const parse = (handler) => (event) => {
    let data;
    try { data = JSON.parse(event.data); } catch { return; }
    handler?.(data);
  };
  source.addEventListener('state', parse(onState));
  source.addEventListener('info', parse(onInfo));
  source.addEventListener('open', () => onOpen?.());
  source.addEventListener('error', () => onError?.(source.readyState));
  return () => source.close();
}
