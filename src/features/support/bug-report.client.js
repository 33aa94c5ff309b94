// The bug report dialog's behaviour, loaded by the tiny loader in BugReportDialog.astro the first
// time the dialog opens, so pages do not carry it: validate, then create the request, add the
// message, attach the file, refresh an open list, show the confirmation for 2 seconds, close and
// reset. A retry after a failed file upload reuses the request. Plain JS: served as is.
var d = document.getElementById('bug-report'),
  opener = document.querySelector('[data-bug-report-open]');
var f = d.querySelector('form'),
  el = f.elements,
  done = d.querySelector('[data-done]');
var go = f.querySelector('[type=submit]'),
  label = go.textContent,
  alertBox = f.querySelector('[data-error]');
var busy = false,
  created = null;
function err(name, msg) {
  var s = document.getElementById(el[name].id + '-error');
  s.textContent = msg || '';
  s.hidden = !msg;
  if (msg) el[name].setAttribute('aria-invalid', 'true');
  else el[name].removeAttribute('aria-invalid');
}
function need(name) {
  return document.getElementById(el[name].id + '-error').dataset.msg;
}
function state(on) {
  busy = on;
  go.disabled = on;
  go.setAttribute('aria-busy', on ? 'true' : 'false');
  go.textContent = on ? d.dataset.sending : label;
}
function reset() {
  f.reset();
  ['type', 'title', 'message', 'media'].forEach(function (n) {
    err(n, '');
  });
  alertBox.hidden = true;
  done.textContent = '';
  f.hidden = false;
  created = null;
  state(false);
}
function post(url, fields) {
  var body = new FormData();
  for (var k in fields) body.append(k, fields[k]);
  return fetch(url, {
    method: 'POST',
    body: body,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  }).then(function (r) {
    return r
      .json()
      .catch(function () {
        return {};
      })
      .then(function (b) {
        if (!r.ok) throw b;
        return b;
      });
  });
}
// From now on the opener resets the form before showing it (the page's loader only opened it).
opener.onclick = function (e) {
  e.preventDefault();
  reset();
  d.showModal();
};
d.addEventListener('cancel', function (e) {
  e.preventDefault();
});
d.querySelector('[data-close]').addEventListener('click', function () {
  if (!busy) {
    d.close();
    reset();
  }
});
f.addEventListener('submit', function (e) {
  e.preventDefault();
  if (busy) return;
  var v = { type: el.type.value, title: el.title.value.trim(), message: el.message.value.trim() },
    file = el.media.files[0],
    bad = null;
  ['type', 'title', 'message'].forEach(function (n) {
    err(n, v[n] ? '' : need(n));
    if (!v[n] && !bad) bad = el[n];
  });
  err('media', file && file.size > +el.media.dataset.limit ? need('media') : '');
  if (file && file.size > +el.media.dataset.limit) bad = bad || el.media;
  alertBox.hidden = true;
  if (bad) return bad.focus();
  state(true);
  (created
    ? Promise.resolve(created)
    : post('/api/v1/support', { title: v.title, type: v.type, url: location.href }).then(
        function (c) {
          return (created = c);
        },
      )
  )
    .then(function (c) {
      return c.sent
        ? c
        : post('/api/v1/support/message', { support_id: c.id, message: v.message }).then(
            function () {
              c.sent = 1;
              return c;
            },
          );
    })
    .then(function (c) {
      return file
        ? post('/api/v1/support/media', { support_id: c.id, media: file }).then(function () {
            return c;
          })
        : c;
    })
    .then(
      function (c) {
        dispatchEvent(new CustomEvent('support:changed', { detail: { id: c.id } }));
        f.hidden = true;
        done.textContent = c.text;
        setTimeout(function () {
          d.close();
          reset();
        }, 2000);
      },
      function (b) {
        state(false);
        var errors = (b && b.errors) || {};
        ['type', 'title', 'message', 'media'].forEach(function (n) {
          if (errors[n]) err(n, errors[n]);
        });
        alertBox.textContent = (b && b.message) || d.dataset.failed;
        alertBox.hidden = false;
        var first = f.querySelector('[aria-invalid=true]');
        if (first) first.focus();
      },
    );
});
