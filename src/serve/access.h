// Who may talk to the web server: the token, the Host header, the address.
// Small pure functions, so the security rules are tested on their own.
#pragma once

#include <string>
#include <string_view>

namespace kishi::serve {

// Whether two tokens are equal, in time that depends on their lengths only.
bool same_token(std::string_view given, std::string_view expected);

// 32 hex digits from the system's random device.
std::string random_hex(int digits = 32);

// Whether `address` is a loopback address (127.0.0.0/8, ::1, localhost).
bool is_loopback(std::string_view address);

// Whether a Host header names this server: localhost, 127.0.0.1, [::1] or the
// address listened on, with no port or with `port`; any name when listening on
// every address (0.0.0.0, ::: the token guards it). Anything else may be a
// DNS rebinding page and is refused.
bool host_allowed(std::string_view host, std::string_view listen, int port);

// The value of cookie `name` in a Cookie header, or empty.
std::string cookie_value(std::string_view header, std::string_view name);

}  // namespace kishi::serve
