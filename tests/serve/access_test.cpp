// kishi serve's access rules on their own (the server's are in tests/web/security_test.mjs).
#include "serve/access.h"

#include <gtest/gtest.h>

namespace kishi::serve {
namespace {

TEST(ServeAccess, TokensMatchOnlyWhenEqual) {
  EXPECT_TRUE(same_token("4f2a", "4f2a"));
  EXPECT_FALSE(same_token("4f2b", "4f2a"));
  EXPECT_FALSE(same_token("4f2", "4f2a"));
  EXPECT_FALSE(same_token("4f2a0", "4f2a"));
  EXPECT_FALSE(same_token("", "4f2a"));
  EXPECT_FALSE(same_token("", ""));  // no token is never a match
}

TEST(ServeAccess, RandomTokensAreHexAndDiffer) {
  const std::string a = random_hex(), b = random_hex();
  EXPECT_EQ(a.size(), 32u);
  EXPECT_EQ(a.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_NE(a, b);
}

TEST(ServeAccess, LoopbackAddresses) {
  EXPECT_TRUE(is_loopback("127.0.0.1"));
  EXPECT_TRUE(is_loopback("127.1.2.3"));
  EXPECT_TRUE(is_loopback("::1"));
  EXPECT_TRUE(is_loopback("localhost"));
  EXPECT_FALSE(is_loopback("0.0.0.0"));
  EXPECT_FALSE(is_loopback("192.168.1.5"));
  EXPECT_FALSE(is_loopback("127.example.com"));
}

TEST(ServeAccess, HostHeaderNamesThisServer) {
  EXPECT_TRUE(host_allowed("127.0.0.1:8080", "127.0.0.1", 8080));
  EXPECT_TRUE(host_allowed("localhost:8080", "127.0.0.1", 8080));
  EXPECT_TRUE(host_allowed("localhost", "127.0.0.1", 8080));
  EXPECT_TRUE(host_allowed("[::1]:8080", "127.0.0.1", 8080));
  EXPECT_FALSE(host_allowed("127.0.0.1:9090", "127.0.0.1", 8080));
  EXPECT_FALSE(host_allowed("evil.example:8080", "127.0.0.1", 8080));
  EXPECT_FALSE(host_allowed("evil.example", "127.0.0.1", 8080));
  EXPECT_FALSE(host_allowed("", "127.0.0.1", 8080));
  EXPECT_FALSE(host_allowed(":8080", "127.0.0.1", 8080));
  EXPECT_TRUE(host_allowed("192.168.1.5:8080", "192.168.1.5", 8080));
  EXPECT_FALSE(host_allowed("192.168.1.6:8080", "192.168.1.5", 8080));
  EXPECT_TRUE(host_allowed("board.lan:8080", "0.0.0.0", 8080));  // the token guards it
}

TEST(ServeAccess, CookieValue) {
  EXPECT_EQ(cookie_value("kishi_token=abc", "kishi_token"), "abc");
  EXPECT_EQ(cookie_value("a=1; kishi_token=abc; b=2", "kishi_token"), "abc");
  EXPECT_EQ(cookie_value("xkishi_token=abc", "kishi_token"), "");
  EXPECT_EQ(cookie_value("", "kishi_token"), "");
}

}  // namespace
}  // namespace kishi::serve
