// localStorage that never throws (private mode, storage disabled): reads give null, writes
// are dropped, and the page carries on forgetting.
export const store = {
  get(key) { try { return localStorage.getItem(key); } catch { return null; } },
  set(key, value) { try { localStorage.setItem(key, value); } catch { /* private mode */ } },
  del(key) { try { localStorage.removeItem(key); } catch { /* private mode */ } },
  getJSON(key) { try { return JSON.parse(localStorage.getItem(key)); } catch { return null; } },
  setJSON(key, value) { try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* private mode */ } },
};
