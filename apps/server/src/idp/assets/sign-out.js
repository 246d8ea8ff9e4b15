// Submits the provider's logout form at once: the user already chose Logout in the app.
document.addEventListener('DOMContentLoaded', () => {
  const form = document.getElementById('op.logoutForm');
  if (!form) return;
  const confirm = document.createElement('input');
  confirm.type = 'hidden';
  confirm.name = 'logout';
  confirm.value = 'yes';
  form.appendChild(confirm);
  form.submit();
});
